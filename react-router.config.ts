import type { Config } from "@react-router/dev/config";
import { publicPaths } from "./app/content/public-paths";

export default {
  ssr: true,
  // Generous limits: a busy CI machine must not fail the build on a slow first render.
  // (timeout and retryCount are read by @react-router/dev 8.4 but missing from its types.)
  prerender: {
    paths: publicPaths,
    concurrency: 2,
    timeout: 60_000,
    retryCount: 2,
  } as Config["prerender"],
} satisfies Config;
