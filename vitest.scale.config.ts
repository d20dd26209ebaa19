import { defineConfig } from "vitest/config";

/** Tests that start the production build (after `npm run build`). */
export default defineConfig({
  test: {
    include: ["tests/scale/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    retry: process.env.CI ? 1 : 0, // decision 150
    reporters: ["default", "./scripts/lib/flaky-reporter.ts"],
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
