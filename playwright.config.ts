import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://localhost:${PORT}`;
/** The e2e server's data folder; tests read its outgoing mail there (tests/e2e/mail.ts). */
const E2E_DATA_DIR = `/tmp/agency-e2e-${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /admin-policy\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // Changes the portal for every administrator, so it runs after everything else.
    {
      name: "admin-policy",
      testMatch: /admin-policy\.spec\.ts/,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    command: "bash scripts/e2e-server.sh",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      BASE_URL: baseURL,
      AUTH_RATE_LIMIT: "500",
      LEAD_RATE_LIMIT_IP: "1000",
      LEAD_RATE_LIMIT_EMAIL: "5",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ADMIN_EMAILS: "admin@e2e.test,policy-lead@e2e.test,policy-second@e2e.test",
      E2E_DATA_DIR,
    },
  },
});
