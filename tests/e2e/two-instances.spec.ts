import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { expect, hydrated, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { E2E_DATA_DIR, waitForMail } from "./mail";

/**
 * Issue 36, point 5: run only with E2E_SCALE=1 (playwright.config.ts), where the site is two
 * instances on PostgreSQL behind a round-robin proxy (scripts/e2e-scale-server.sh); the other
 * journeys of that run (sign-in, files, invitations, live updates) go through the same proxy.
 */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const PORT = Number(process.env.E2E_PORT ?? 3123);
const databaseUrl = () =>
  `${(process.env.TEST_DATABASE_URL ?? "").replace(/\/[^/]*$/, "")}/e2e_scale_${PORT}`;

async function mailsTo(address: string) {
  const dir = path.join(E2E_DATA_DIR, "mail");
  let count = 0;
  for (const file of await readdir(dir).catch(() => [] as string[])) {
    const raw = await readFile(path.join(dir, file), "utf8");
    if (new RegExp(`^To: .*${address.replace(/[.+]/g, "\\$&")}`, "mi").test(raw)) count++;
  }
  return count;
}

test("both instances answer through the proxy", async ({ request }) => {
  const served = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    served.add(res.headers()["x-upstream"] ?? "");
  }
  expect([...served].sort()).toEqual(["1", "2"]);
});

test("an invitation is mailed once although both instances send mail", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page.request, baseURL ?? "");
  await page.goto("/portal/clients");
  await hydrated(page);
  await page.getByRole("button", { name: "New client" }).click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  const company = `Two Rivers ${Date.now()}`;
  await dialog.getByLabel("Company name").fill(company);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();

  const email = uniqueEmail("once");
  await hydrated(page);
  await page.getByRole("button", { name: "Invite contact" }).click();
  const invite = page.getByRole("dialog", { name: "Invite contact" });
  await invite.getByLabel("Name").fill("Sipho Twice");
  await invite.getByLabel("Email").fill(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toasts(page).getByText(`Invitation sent to ${email}`)).toBeVisible();
  await waitForMail(email);

  // Once the outbox row says sent, no worker on either instance takes it again.
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    await expect
      .poll(async () => {
        const { rows } = await db.query(
          "select count(*)::int as pending from email_outbox where to_address = $1 and status <> 'sent'",
          [email],
        );
        return rows[0]?.pending;
      })
      .toBe(0);
  } finally {
    await db.end();
  }
  expect(await mailsTo(email)).toBe(1);
});
