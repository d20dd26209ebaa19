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
    // Generous: on two cores a loaded machine (a load of 8–12 seen) makes slow tests slower.
    testTimeout: 60_000,
    // In CI a failed test runs once more, as a journey does in Playwright; one that needed it is
    // named at the end of the run (decision 150).
    retry: process.env.CI ? 1 : 0,
    reporters: ["default", "./scripts/lib/flaky-reporter.ts"],
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // Each worker evaluates the app's modules once, not once per file (decision 125): every
    // file still gets its own database, settings and auth from createHarness(), and closes
    // them (and anything it started) in afterAll.
    isolate: false,
  },
});
