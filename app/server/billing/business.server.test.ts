/**
 * Money is exact (issue 32, point 1; decision 071), on PGlite and PostgreSQL: the VAT rate is
 * data with the day it applies from, and the business's legal and banking details are a
 * workspace setting only administrators change, 'To be confirmed' until filled in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/portal/billing";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { billingDetails, vatRates } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { detailsComplete, getBusinessDetails, vatRateOn } from "./business.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@agency.example" });
  admin = await signUpAdmin("admin@agency.example");
  contact = await signUp("contact@client.example", { fullName: "Lerato Contact" });
});
afterAll(() => h.close());

const details = {
  intent: "business-details",
  legalName: "Cape AI Automations (Pty) Ltd",
  address: "12 Bree Street\nCape Town 8001",
  registrationNumber: "2021/123456/07",
  vatNumber: "4123 456 789",
  bankName: "First National Bank",
  accountHolder: "Cape AI Automations (Pty) Ltd",
  accountNumber: "62 1234 5678",
  branchCode: "250655",
  paymentDays: "14",
};

const save = (fields: Record<string, string>, cookie: string) =>
  run(action, formRequest("/portal/billing", fields, { cookie }));

describe(`money in rand, on ${testDatabaseKind()}`, () => {
  it("holds 15% from 1 April 2018, and a later rate is one insert", async () => {
    expect(await vatRateOn(h.handle.db, "2018-04-01")).toBe(1500);
    expect(await vatRateOn(h.handle.db, "2026-11-27")).toBe(1500);
    await expect(vatRateOn(h.handle.db, "2018-03-31")).rejects.toThrow(/no VAT rate/);
    await h.handle.db.insert(vatRates).values({ startsOn: "2030-03-01", basisPoints: 1550 });
    expect(await vatRateOn(h.handle.db, "2030-02-28")).toBe(1500);
    expect(await vatRateOn(h.handle.db, "2030-03-01")).toBe(1550);
    await expect(
      h.handle.db.insert(vatRates).values({ startsOn: "2031-01-01", basisPoints: 10_001 }),
    ).rejects.toThrow();
  });

  it("shows every detail 'to be confirmed' until an administrator fills it in", async () => {
    const page = await (await run(loader, getRequest("/portal/billing", admin.cookie))).json();
    expect(page.staff).toBe(true);
    expect(page.vatRate).toBe(1500);
    expect(page.business.legalName).toBeNull();
    expect(detailsComplete(await getBusinessDetails(h.handle.db))).toBe(false);
  });

  it("lets only an administrator save them; a contact gets 403 and no details", async () => {
    const byContact = await save(details, contact.cookie);
    expect(byContact.status).toBe(403);
    expect(await h.handle.db.select().from(billingDetails)).toEqual([]);
    const contactPage = await (
      await run(loader, getRequest("/portal/billing", contact.cookie))
    ).json();
    expect(contactPage).toMatchObject({ staff: false, business: null });
  });

  it("refuses bad details with the field and what was typed, and saves nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ vatNumber: "123" }, "vatNumber", "VAT number must be 10 digits starting with 4"],
      [{ branchCode: "25065" }, "branchCode", "Branch code must be 6 digits"],
      [{ accountNumber: "12ab" }, "accountNumber", "Account number must be 6 to 16 digits"],
      [{ paymentDays: "120" }, "paymentDays", "Payment terms must be 0 to 90 days"],
      [{ legalName: "A\nB" }, "legalName", "Legal name must be on one line"],
    ];
    for (const [bad, field, error] of cases) {
      const res = await save({ ...details, ...bad }, admin.cookie);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ ok: false, error, field, intent: "business-details" });
      const { intent: _, ...typed } = { ...details, ...bad };
      expect(body.values).toEqual(typed);
    }
    expect(await h.handle.db.select().from(billingDetails)).toEqual([]);
  });

  it("saves them normalised; an emptied detail is 'to be confirmed' again", async () => {
    const res = await save(details, admin.cookie);
    expect(await res.json()).toMatchObject({ ok: true, success: "Business details saved" });
    const saved = await getBusinessDetails(h.handle.db);
    expect(saved).toMatchObject({
      vatNumber: "4123456789",
      accountNumber: "6212345678",
      address: "12 Bree Street\nCape Town 8001",
      paymentDays: 14,
    });
    expect(detailsComplete(saved)).toBe(true);
    await save({ ...details, bankName: "  " }, admin.cookie);
    const emptied = await getBusinessDetails(h.handle.db);
    expect(emptied.bankName).toBeNull();
    expect(detailsComplete(emptied)).toBe(false);
  });
});
