import { caseStudies } from "./case-studies";

/** Every public page: prerendered at build time and listed in the sitemap. */
export const publicPaths: string[] = [
  "/",
  "/services",
  "/services/ai",
  "/services/automations",
  "/services/voice-agents",
  "/services/websites",
  "/solutions",
  "/pricing",
  "/case-studies",
  ...caseStudies.map((c) => `/case-studies/${c.slug}`),
  "/demo",
  "/about",
  "/contact",
  "/legal/privacy",
  "/legal/terms",
  "/legal/cookies",
  "/legal/paia-manual",
];

/** Files for crawlers, also prerendered (into build/client, served as static files). */
export const crawlerFiles = ["/sitemap.xml", "/robots.txt"];
