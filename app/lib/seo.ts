import { site } from "~/content/site";

/** The share card (made by `npm run og-image`, which writes public/og-image.png). */
export const ogImage = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: `${site.name}: ${site.tagline}`,
};

/** The square logo for structured data (written by the same script as public/logo.png). */
export const logoImage = { path: "/logo.png", width: 512, height: 512 };

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the page, e.g. "/about"; used for the canonical URL. */
  path: string;
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter card for a page. */
export function pageMeta({ title, description, path, noindex }: PageMetaInput) {
  const fullTitle = path === "/" ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const url = `${site.url}${path === "/" ? "/" : path}`;
  const image = `${site.url}${ogImage.path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(ogImage.width) },
    { property: "og:image:height", content: String(ogImage.height) },
    { property: "og:image:alt", content: ogImage.alt },
    { property: "og:locale", content: "en_ZA" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: ogImage.alt },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** A portal page: its title, and never indexed (child routes' meta replaces the layout's). */
export function portalMeta(title: string, matches: readonly unknown[] = []) {
  const unread = unreadMessagesOf(matches);
  const count = unread > 0 ? `(${unread}) ` : "";
  return [
    { title: `${count}${title} | Portal | ${site.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The person's unread messages, as the deepest matched route that knows says: the Messages
 * page counts after opening a thread marks it read, the portal layout on every other page.
 */
export function unreadMessagesOf(matches: readonly unknown[]): number {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i] as { data?: unknown; loaderData?: unknown } | undefined;
    const data = (match?.loaderData ?? match?.data) as { unreadMessages?: unknown } | undefined;
    if (typeof data?.unreadMessages === "number") return data.unreadMessages;
  }
  return 0;
}

/** Paths crawlers are asked to stay out of: the portal, sign-in and the JSON endpoints. */
export const disallowedPaths = ["/portal", "/auth", "/api", "/functions"];

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** sitemap.xml listing `paths` as absolute URLs on `baseUrl`. */
export function sitemapXml(paths: string[], baseUrl: string = site.url): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${baseUrl}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public may be crawled, the private areas not; where the sitemap is. */
export function robotsTxt(baseUrl: string = site.url): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Meta for a page that does not exist (an unknown slug or path). */
export const notFoundMeta = [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
