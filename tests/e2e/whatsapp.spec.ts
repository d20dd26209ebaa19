/**
 * WhatsApp (issue 31 point 4, decision 078), against a fake Cloud API this file starts on the
 * port playwright.config.ts gives the server (E2E_PORT + 10000): a contact opts in in Settings
 * with the code WhatsApp brought, the agency marks a file 'Ready for review', the contact's
 * phone gets the review template, and a tap on 'Approve' (WhatsApp's signed webhook) records
 * the approval in the portal, shown as given on WhatsApp; the agency sees how far the message
 * got.
 */
import { type FakeCloudApi, startFakeCloudApi } from "../../app/test/fake-whatsapp.server";
import { createUser, expect, hydrated, signInAsAdmin, test } from "./fixtures";
import { signedWebhookPost, WHATSAPP_E2E } from "./whatsapp-settings";

let fake: FakeCloudApi;
// One fake on one port: the journeys of this file run one after the other, in one worker.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  fake = await startFakeCloudApi(WHATSAPP_E2E.port);
});
test.afterAll(async () => {
  await fake.close();
});

test("opt in with the code from WhatsApp, then approve a review from WhatsApp's button", async ({
  page: adminPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const digits = String(Date.now()).slice(-7);
  const waId = `2782${digits}`;
  const contactContext = await browser.newContext({ baseURL: base });
  const contact = await contactContext.newPage();
  await createUser(contact.request, base, { fullName: "Naledi Contact" });
  expect(
    (
      await contact.request.post("/portal/projects", {
        headers: { origin: base },
        form: { intent: "create", title: "Phone launch" },
      })
    ).status(),
  ).toBe(200);

  // Settings → Notifications: the number, the code, the confirmation.
  await contact.goto("/portal/settings");
  await hydrated(contact);
  await contact.getByLabel("WhatsApp number").fill(`+27 82 ${digits}`);
  await contact.getByRole("button", { name: "Send code" }).click();
  await expect(contact.getByText("Enter it below to confirm the number.").first()).toBeVisible();
  await expect.poll(() => fake.requests.some((r) => r.body.to === waId)).toBe(true);
  const codeMessage = fake.requests.find((r) => r.body.to === waId);
  expect(codeMessage?.body.template?.name).toBe("confirmation_code");
  const code = codeMessage?.body.template?.components[0]?.parameters[0]?.text ?? "";
  await contact.getByLabel("Code from WhatsApp").fill(code);
  await contact.getByRole("button", { name: "Confirm number" }).click();
  await expect(
    contact.getByText(
      `WhatsApp notifications go to +${waId}. Reply STOP to any of them to end them.`,
    ),
  ).toBeVisible();
  await expect(contact.getByRole("checkbox", { name: "On WhatsApp" }).first()).toBeVisible();

  // The agency marks a file ready for review.
  await contact.goto("/portal/projects");
  await contact.getByRole("link", { name: "Phone launch" }).click();
  await expect(contact.getByRole("heading", { level: 1, name: "Phone launch" })).toBeVisible();
  const projectUrl = new URL(contact.url()).pathname;
  await signInAsAdmin(adminPage.request, base);
  await adminPage.goto(projectUrl);
  await hydrated(adminPage);
  await adminPage.getByLabel("Files to upload").setInputFiles({
    name: "Poster.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n% poster\n"),
  });
  const versions = adminPage.getByRole("list", { name: "Versions of Poster.pdf" });
  await versions.getByRole("button", { name: /Ready for review/ }).click();
  await expect(versions.getByText("Ready for review", { exact: true })).toBeVisible();

  // Her phone gets the review template with its two buttons.
  await expect
    .poll(() =>
      fake.requests.some((r) => r.body.to === waId && r.body.template?.name === "review_request"),
    )
    .toBe(true);
  const review = fake.requests.find(
    (r) => r.body.to === waId && r.body.template?.name === "review_request",
  );
  const approve = review?.body.template?.components[1]?.parameters[0]?.payload ?? "";
  expect(approve).toMatch(/^review:[0-9a-f-]{36}:approve$/);

  // WhatsApp says it was read, and she taps 'Approve'.
  const now = String(Math.floor(Date.now() / 1000));
  const envelope = (value: object) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba",
        changes: [{ field: "messages", value: { messaging_product: "whatsapp", ...value } }],
      },
    ],
  });
  const read = await signedWebhookPost(
    base,
    envelope({
      statuses: [{ id: review?.id, status: "read", timestamp: now, recipient_id: waId }],
    }),
  );
  expect(read.status).toBe(200);
  const tapped = await signedWebhookPost(
    base,
    envelope({
      messages: [
        {
          from: waId,
          id: `wamid.e2e-${digits}`,
          timestamp: now,
          type: "button",
          button: { payload: approve, text: "Approve" },
          context: { id: review?.id },
        },
      ],
    }),
  );
  expect(tapped.status).toBe(200);
  // Unsigned: refused.
  const unsigned = await fetch(`${base}/api/whatsapp/webhook`, { method: "POST", body: "{}" });
  expect(unsigned.status).toBe(401);

  // The portal records the approval, given on WhatsApp; the agency sees the message was read.
  await contact.reload();
  await expect(
    contact.getByText(/Approved by Naledi Contact on .* on WhatsApp/).first(),
  ).toBeVisible();
  await adminPage.reload();
  await expect(
    adminPage
      .getByRole("list", { name: "On WhatsApp" })
      .getByText(/On WhatsApp to Naledi Contact: read/),
  ).toBeVisible();
  // She gets a thank-you inside the window, as plain text.
  await expect
    .poll(() =>
      fake.requests.some(
        (r) => r.body.to === waId && r.body.text?.body.startsWith("Thank you. You approved"),
      ),
    )
    .toBe(true);
});

test("someone who writes to the business number talks to the assistant, and the team answers the hand-over from the lead's page", async ({
  page: adminPage,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const waId = `2761${String(Date.now()).slice(-7)}`;
  let n = 0;
  const write = (text: string) => {
    n += 1;
    return signedWebhookPost(base, {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                contacts: [{ wa_id: waId, profile: { name: "Sipho Visitor" } }],
                messages: [
                  {
                    from: waId,
                    id: `wamid.visitor-${waId}-${n}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: "text",
                    text: { body: text },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  };
  const textsTo = () =>
    fake.requests.filter((r) => r.body.to === waId).map((r) => r.body.text?.body ?? "");
  expect((await write("How much is the growth package per month")).status).toBe(200);
  await expect.poll(() => textsTo().some((t) => t.includes("R12,500"))).toBe(true);
  expect(textsTo()[0]).toContain("automated assistant answering");
  expect((await write("Can I talk to a person?")).status).toBe(200);
  await expect
    .poll(() => textsTo().some((t) => t.startsWith("I've passed your question to our team.")))
    .toBe(true);

  // The team sees it waiting, and answers on WhatsApp from the lead's page.
  await signInAsAdmin(adminPage.request, base);
  await adminPage.goto("/portal/leads");
  await hydrated(adminPage);
  const row = adminPage.getByRole("row").filter({ hasText: "Sipho Visitor" });
  await expect(row.getByText("Waiting for the team")).toBeVisible();
  await row.getByRole("link", { name: "Sipho Visitor" }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "Sipho Visitor" })).toBeVisible();
  await hydrated(adminPage);
  await adminPage.getByLabel("Your reply").fill("Hi Sipho, happy to help. When suits you?");
  await adminPage.getByRole("button", { name: "Send on WhatsApp" }).click();
  await expect(adminPage.getByText("Reply sent on WhatsApp").first()).toBeVisible();
  await expect
    .poll(() => textsTo().some((t) => t.endsWith("Hi Sipho, happy to help. When suits you?")))
    .toBe(true);
});
