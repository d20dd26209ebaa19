import type { Config } from "@react-router/dev/config";
import { crawlerFiles, publicPaths } from "./app/content/public-paths";

export default {
  ssr: true,
  // One chunk per route module: split, a route's `clientAction` or `clientLoader` was a file of
  // its own (50–200 bytes), one more request on the page's first load (decision 130).
  splitRouteModules: false,
  prerender: { paths: [...publicPaths, "/contact/map", ...crawlerFiles], concurrency: 2 },
} satisfies Config;
