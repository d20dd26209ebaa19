/**
 * Billing as the outside checkers see it (issue 32), through URLs only: a wrong method, a
 * malformed address or a bad query on every billing page and download is a 4xx, never a 500.
 */
import { expect, signInAsAdmin, test } from "./fixtures";

test.describe("billing from the outside", () => {
  test("a wrong method, a malformed address or a bad query is a 4xx, never a 500", async ({
    browser,
    baseURL,
  }) => {
    const staff = await browser.newContext({ baseURL });
    try {
      await signInAsAdmin(staff.request, baseURL ?? "");
      const headers = { origin: baseURL ?? "" };
      const id = "7f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
      const answers: [string, number][] = [];
      const ask = async (method: string, path: string, form?: Record<string, string>) => {
        const res = await staff.request.fetch(path, { method, headers, form, maxRedirects: 0 });
        answers.push([`${method} ${path}`, res.status()]);
      };
      await ask("POST", `/portal/billing/invoices/${id}/pdf`, { x: "1" });
      await ask("POST", `/portal/billing/proposals/${id}/pdf`, { x: "1" });
      await ask("POST", "/portal/billing/export.csv", { format: "xero" });
      await ask("POST", "/portal/billing/statement.csv", { x: "1" });
      await ask("GET", "/api/payfast/itn");
      await ask("POST", "/api/payfast/itn", { m_payment_id: "x", signature: "nope" });
      await ask("PUT", "/portal/billing", { intent: "no-such-thing" });
      await ask("DELETE", `/portal/billing/invoices/${id}`, { intent: "credit" });
      await ask("GET", "/portal/billing/invoices/not-an-id");
      await ask("GET", `/portal/billing/invoices/${id}`);
      await ask("GET", "/portal/billing/proposals/%27%22");
      await ask("GET", `/portal/billing/drafts/${id}x`);
      await ask("GET", "/portal/billing?client=nope&invoices-cursor=%%");
      await ask(
        "GET",
        "/portal/billing/export.csv?format=xero&what=invoices&from=0000-01-01&to=0000-01-31",
      );
      await ask("GET", "/portal/billing/statement.csv?client=nope");
      for (const [what, status] of answers) {
        expect.soft(status, what).toBeGreaterThanOrEqual(400);
        expect.soft(status, what).toBeLessThan(500);
      }
    } finally {
      await staff.close();
    }
  });
});
