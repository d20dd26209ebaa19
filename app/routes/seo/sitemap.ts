import { publicPaths } from "~/content/public-paths";
import { sitemapXml } from "~/lib/seo";

/** /sitemap.xml: prerendered at build time into build/client (see react-router.config.ts). */
export function loader() {
  return new Response(sitemapXml(publicPaths), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
