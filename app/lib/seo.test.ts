import { describe, expect, it } from "vitest";
import { publicPaths } from "~/content/public-paths";
import { site } from "~/content/site";
import { ogImage, pageMeta, portalMeta, robotsTxt, sitemapXml } from "./seo";

type Tag = Record<string, string | undefined>;

function find(tags: Tag[], key: string, value: string) {
  return tags.find((t) => t[key] === value);
}

describe("pageMeta", () => {
  const tags = pageMeta({ title: "About", description: "About us.", path: "/about" }) as Tag[];

  it("sets title, description, canonical and Open Graph URL from the path", () => {
    expect(tags[0]).toEqual({ title: `About | ${site.name}` });
    expect(find(tags, "name", "description")?.content).toBe("About us.");
    expect(find(tags, "rel", "canonical")?.href).toBe(`${site.url}/about`);
    expect(find(tags, "property", "og:url")?.content).toBe(`${site.url}/about`);
  });

  it("shares the generated 1200×630 card with its size and alt text", () => {
    expect(find(tags, "property", "og:image")?.content).toBe(`${site.url}/og-image.png`);
    expect(find(tags, "property", "og:image:width")?.content).toBe("1200");
    expect(find(tags, "property", "og:image:height")?.content).toBe("630");
    expect(find(tags, "property", "og:image:alt")?.content).toBe(ogImage.alt);
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "twitter:image")?.content).toBe(`${site.url}/og-image.png`);
  });

  it("is indexable unless asked otherwise", () => {
    expect(find(tags, "name", "robots")).toBeUndefined();
    const hidden = pageMeta({ title: "x", description: "y", path: "/x", noindex: true }) as Tag[];
    expect(find(hidden, "name", "robots")?.content).toBe("noindex");
  });
});

describe("portalMeta", () => {
  it("titles the page and keeps it out of search indexes", () => {
    expect(portalMeta("Projects")).toEqual([
      { title: `Projects | Portal | ${site.name}` },
      { name: "robots", content: "noindex" },
    ]);
  });
});

describe("sitemapXml", () => {
  it("lists every public path once as an absolute URL", () => {
    const xml = sitemapXml(publicPaths, "https://example.co.za");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(publicPaths.map((p) => `https://example.co.za${p}`));
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("escapes XML special characters", () => {
    expect(sitemapXml(["/a?b=1&c=2"], "https://x.test")).toContain(
      "<loc>https://x.test/a?b=1&#38;c=2</loc>",
    );
  });
});

describe("robotsTxt", () => {
  it("allows the site, disallows the private areas and points at the sitemap", () => {
    expect(robotsTxt("https://example.co.za")).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /portal",
        "Disallow: /auth",
        "Disallow: /api",
        "Disallow: /functions",
        "",
        "Sitemap: https://example.co.za/sitemap.xml",
        "",
      ].join("\n"),
    );
  });
});
