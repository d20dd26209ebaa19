import { robotsTxt } from "~/lib/seo";

/** /robots.txt: prerendered at build time into build/client (see react-router.config.ts). */
export function loader() {
  return new Response(robotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
