/**
 * With any WhatsApp setting unset the channel is hidden everywhere (decision 078): Settings has
 * no WhatsApp column or number, its forms are refused, the webhook is not there, and a review
 * writes no WhatsApp message.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as webhookAction, loader as webhookLoader } from "~/routes/api/whatsapp";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { whatsappOutbox } from "../db/schema.server";

let h: Harness;
beforeAll(async () => {
  // Three of the four: still off.
  h = await createHarness({
    WHATSAPP_TOKEN: "t",
    WHATSAPP_PHONE_NUMBER_ID: "1",
    WHATSAPP_APP_SECRET: "s",
  });
});
afterAll(() => h.close());

it("hides WhatsApp in Settings, refuses its forms and has no webhook", async () => {
  const alice = await signUp("alice@off.test", { fullName: "Alice Mokoena" });
  const page = await run(settingsLoader, getRequest("/portal/settings", alice.cookie));
  const data = (await page.json()) as {
    whatsapp: unknown;
    notificationChoices: { channels: { channel: string }[] }[];
  };
  expect(data.whatsapp).toBeNull();
  expect(data.notificationChoices.flatMap((c) => c.channels.map((x) => x.channel))).not.toContain(
    "whatsapp",
  );
  const res = await run(
    settingsAction,
    formRequest(
      "/portal/settings",
      { intent: "whatsapp-number", whatsappNumber: "+27821234567" },
      { cookie: alice.cookie },
    ),
  );
  expect(res.status).toBe(404);
  expect(
    (await run(webhookLoader, getRequest("/api/whatsapp/webhook?hub.mode=subscribe"))).status,
  ).toBe(404);
  const post = await run(
    webhookAction,
    new Request("http://localhost:3000/api/whatsapp/webhook", { method: "POST", body: "{}" }),
  );
  expect(post.status).toBe(404);
  expect(
    await h.handle.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.waId, "27821234567")),
  ).toEqual([]);
});
