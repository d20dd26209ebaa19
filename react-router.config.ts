import type { Config } from "@react-router/dev/config";
import { crawlerFiles, publicPaths } from "./app/content/public-paths";

export default {
  ssr: true,
  prerender: { paths: [...publicPaths, "/contact/map", ...crawlerFiles], concurrency: 2 },
} satisfies Config;
