import { defineConfig, devices } from "@playwright/test";
import { payfastServerEnv } from "./tests/e2e/payfast-settings";

const PORT = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://localhost:${PORT}`;
/** The e2e server's data folder; tests read its outgoing mail there (tests/e2e/mail.ts). */
const E2E_DATA_DIR = `/tmp/agency-e2e-${PORT}`;
/**
 * E2E_SCALE=1: a set of journeys through a round-robin proxy in front of two instances on
 * PostgreSQL (scripts/e2e-scale-server.sh; issue 36, point 5). Needs TEST_DATABASE_URL.
 */
const SCALE = process.env.E2E_SCALE === "1";
const SCALE_JOURNEYS = /(two-instances|auth|deliverables|clients|notifications|unread)\.spec\.ts$/;
/** WhatsApp's Cloud API, faked by tests/e2e/whatsapp.spec.ts on this port while it runs. */
const WHATSAPP_FAKE_PORT = PORT + 10_000;

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
  projects: SCALE
    ? [
        {
          name: "two-instances",
          testMatch: SCALE_JOURNEYS,
          use: { ...devices["Desktop Chrome"], channel: undefined },
        },
      ]
    : [
        // popia.spec moves the server's clock forward for good, and booking and WhatsApp (whose
        // webhook refuses old timestamps) read that clock: booking runs first, popia after
        // every other journey, and admin-policy last.
        {
          name: "booking",
          testMatch: /booking\.spec\.ts/,
          use: { ...devices["Desktop Chrome"], channel: undefined },
        },
        {
          name: "chromium",
          testIgnore: /(admin-policy|two-instances|booking|popia)\.spec\.ts/,
          dependencies: ["booking"],
          use: { ...devices["Desktop Chrome"], channel: undefined },
        },
        {
          name: "clock",
          testMatch: /popia\.spec\.ts/,
          dependencies: ["chromium"],
          use: { ...devices["Desktop Chrome"], channel: undefined },
        },
        // Changes the portal for every administrator, so it runs after everything else.
        {
          name: "admin-policy",
          testMatch: /admin-policy\.spec\.ts/,
          dependencies: ["clock"],
          use: { ...devices["Desktop Chrome"], channel: undefined },
        },
      ],
  webServer: {
    command: SCALE ? "bash scripts/e2e-scale-server.sh" : "bash scripts/e2e-server.sh",
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
      ADMIN_EMAILS:
        "admin@e2e.test,policy-lead@e2e.test,policy-second@e2e.test,policy-signup@e2e.test,booking-host@e2e.test",
      E2E_DATA_DIR,
      WHATSAPP_TOKEN: "e2e-token",
      WHATSAPP_PHONE_NUMBER_ID: "e2e-phone",
      WHATSAPP_APP_SECRET: "e2e-app-secret",
      WHATSAPP_VERIFY_TOKEN: "e2e-verify",
      WHATSAPP_API_URL: `http://127.0.0.1:${WHATSAPP_FAKE_PORT}`,
      // PayFast, faked by tests/e2e/billing.spec.ts while its PayFast journey runs.
      ...payfastServerEnv,
    },
  },
});
