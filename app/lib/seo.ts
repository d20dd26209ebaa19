import { site } from "~/content/site";

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
  const image = `${site.url}/og-image.png`;
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
    { property: "og:locale", content: "en_ZA" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
