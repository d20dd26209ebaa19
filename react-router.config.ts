import type { Config } from "@react-router/dev/config";
import { publicPaths } from "./app/content/public-paths";

export default {
  ssr: true,
  prerender: { paths: publicPaths, concurrency: 2 },
} satisfies Config;
