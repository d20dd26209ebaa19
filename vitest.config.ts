import { defineConfig } from "vitest/config";
import { assistantIndex } from "./scripts/lib/assistant-index-plugin";

export default defineConfig({
  plugins: [assistantIndex(import.meta.dirname)],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./app/server/db/test-global-setup.ts"],
    setupFiles: ["./app/test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
