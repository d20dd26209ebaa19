/**
 * Analytics and Reports (issue 16): the funnel follows a lead moved to 'won'; a contact
 * downloads their project's report as a PDF that opens; axe on both pages, both palettes.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, hydrated, signInAsAdmin, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** The 'Won' count of the funnel on the Analytics page (last 30 days). */
async function wonLeads(page: Page) {
  await page.goto("/portal/analytics?range=30");
  const funnel = page.getByRole("region", { name: "Lead funnel" });
  const won = funnel.getByRole("row", { name: /^Won\b/ });
  await expect(won).toBeVisible();
  return Number(await won.getByRole("cell").first().textContent());
}

test.describe("analytics and reports", () => {
  test("an administrator sees the funnel change after moving a lead to 'won'", async ({
    page,
    baseURL,
  }) => {
    test.slow(); // a lead sent, four portal pages (timed out at 30 s under CI's load)
    await signInAsAdmin(page.request, baseURL ?? "");
    const name = `Funnel Lead ${Date.now().toString(36)}`;
    const sent = await page.request.post("/functions/v1/send-contact-email", {
      headers: { origin: baseURL ?? "", referer: `${baseURL}/contact` },
      data: {
        name,
        email: `funnel-${Date.now().toString(36)}@e2e.test`,
        message: "Please tell me about your chatbots.",
      },
    });
    expect(sent.status()).toBe(200);

    const before = await wonLeads(page);
    await page.goto("/portal/leads");
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Status").selectOption("won");
    await page.getByRole("button", { name: "Update Status" }).click();
    await expect(toasts(page).getByText("Lead marked as won")).toBeVisible();

    expect(await wonLeads(page)).toBeGreaterThanOrEqual(before + 1);
    const sources = page.getByRole("region", { name: "Where leads come from" });
    await expect(sources.getByRole("rowheader", { name: "/contact", exact: true })).toBeVisible();
  });

  test("axe: Analytics for an administrator, both palettes", async ({ page, baseURL }) => {
    test.slow(); // axe on a long page, twice
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/portal/analytics?range=365");
    await hydrated(page);
    await expectNoAxeViolations(page, "/portal/analytics (administrator)");
  });

  test("a contact downloads their project's report as a PDF that opens", async ({
    signedInPage: page,
    baseURL,
  }) => {
    const title = `Report Bot ${Date.now().toString(36)}`;
    const made = await page.request.post("/portal/projects", {
      headers: { origin: baseURL ?? "" },
      form: { intent: "create", title, status: "active", priority: "high", progress: "40" },
    });
    expect(made.ok()).toBe(true);

    await page.goto("/portal/reports");
    await page.getByRole("link", { name: `${title} report` }).click();
    await expect(page.getByRole("heading", { name: `Report: ${title}`, level: 1 })).toBeVisible();
    await hydrated(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const file = await (await download).path();
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain(`Project report: ${title}`);
    expect(text).toMatch(/Progress\s+40%/);
    expect(text).toMatch(/Project created\s+.*Active, 40%/);
  });

  test("a contact's Analytics and Reports: their own work only; axe, both palettes", async ({
    signedInPage: page,
    baseURL,
  }) => {
    test.slow(); // axe on three pages, twice each
    const title = `Axe Bot ${Date.now().toString(36)}`;
    const made = await page.request.post("/portal/projects", {
      headers: { origin: baseURL ?? "" },
      form: { intent: "create", title, status: "active", priority: "low", progress: "10" },
    });
    expect(made.ok()).toBe(true);

    await page.goto("/portal/analytics");
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Leads" })).toHaveCount(0);
    const byStatus = page.getByRole("region", { name: "Projects by status" });
    await expect(byStatus.getByRole("row", { name: /^Active 1$/ })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page, "/portal/analytics (contact)");

    await page.goto("/portal/reports");
    await hydrated(page);
    await expectNoAxeViolations(page, "/portal/reports");
    await page.getByRole("link", { name: `${title} report` }).click();
    await expect(page.getByRole("heading", { name: `Report: ${title}`, level: 1 })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page, "/portal/reports/:id");
  });
});
