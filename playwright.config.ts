import { defineConfig, devices } from "@playwright/test";
import { payfastServerEnv } from "./tests/e2e/payfast-settings";
import { whatsappServerEnv } from "./tests/e2e/whatsapp-settings";

const PORT = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://localhost:${PORT}`;
/** The e2e server's data folder; tests read its outgoing mail there (tests/e2e/mail.ts). */
const E2E_DATA_DIR = `/tmp/agency-e2e-${PORT}`;
/**
 * E2E_SCALE=1: a set of journeys through a round-robin proxy in front of two instances on
 * PostgreSQL (scripts/e2e-scale-server.sh; issue 36, point 5). Needs TEST_DATABASE_URL.
 */
const SCALE = process.env.E2E_SCALE === "1";
/**
 * The two-instance run takes two-instances.spec and the journeys tagged `@two-instances`: those
 * whose outcome depends on which instance answers (sign-up and sign-in, a file uploaded and
 * resumed, an invitation followed, a change seen live on the other side). The single-instance
 * run has every journey, these included (decision 147).
 */
const SCALE_JOURNEYS = /(two-instances|auth|deliverables|clients|notifications|unread)\.spec\.ts$/;
const SCALE_TESTS = /two-instances\.spec\.ts|@two-instances/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // In CI each journey's duration is kept too (playwright-report/*.json), to see where the time goes.
  reporter: process.env.CI
    ? [
        ["list"],
        ["json", { outputFile: `playwright-report/${SCALE ? "two-instances" : "journeys"}.json` }],
      ]
    : [["list"]],
  // A journey may take a minute: the fresh-clone CI beside other work (a load of 10–17 on two
  // cores) ran the four password hashes of account.spec's password change past 30 s, twice.
  timeout: 60_000,
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
          grep: SCALE_TESTS,
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
      // The /demo chat asks the server for every answer (decision 139); journeys ask many.
      CHAT_RATE_LIMIT: "500",
      LEAD_RATE_LIMIT_IP: "1000",
      LEAD_RATE_LIMIT_EMAIL: "5",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ADMIN_EMAILS:
        "admin@e2e.test,policy-lead@e2e.test,policy-second@e2e.test,policy-signup@e2e.test,booking-host@e2e.test",
      E2E_DATA_DIR,
      // WhatsApp's Cloud API, faked by tests/e2e/whatsapp.spec.ts while it runs.
      ...whatsappServerEnv,
      // PayFast, faked by tests/e2e/billing.spec.ts while its PayFast journey runs.
      ...payfastServerEnv,
    },
  },
});
