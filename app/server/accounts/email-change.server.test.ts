/**
 * Changing the account's e-mail address: a link to the new address (through the outbox) makes
 * the change; the old address is told; an address another account has is not revealed.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailChangeRequested, RESET_LINK_INVALID } from "~/lib/validation/account";
import { action as authAction } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { emailOutbox, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;

const changeEmail = (cookie: string, newEmail: string) =>
  run(
    settingsAction,
    formRequest("/portal/settings", { intent: "change-email", newEmail }, { cookie, ip: nextIp() }),
  );

const signIn = (email: string) =>
  run(
    authAction,
    formRequest("/auth", { intent: "signin", email, password: "secret1" }, { ip: nextIp() }),
  );

const mailsTo = (address: string) =>
  h.handle.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(emailOutbox.createdAt, emailOutbox.id);

function linkIn(text: string) {
  const match = text.match(/http:\/\/\S+\/api\/auth\/verify-email\?\S+/);
  expect(match, text).not.toBeNull();
  return match?.[0] ?? "";
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe(`e-mail change on ${testDatabaseKind()}`, () => {
  it("mails a link to the new address, tells the old one, and changes only when opened", async () => {
    const { cookie } = await signUp("old@example.co.za");
    const res = await changeEmail(cookie, "New@Example.co.za");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      intent: "change-email",
      ok: true,
      success: emailChangeRequested("new@example.co.za"),
    });
    const [notice] = await mailsTo("old@example.co.za");
    expect(notice?.textBody).toContain("new@example.co.za");
    const [mail] = await mailsTo("new@example.co.za");
    expect(mail?.subject).toMatch(/Confirm your e-mail address/);
    const link = linkIn(mail?.textBody ?? "");
    expect(link.startsWith(`${BASE_URL}/api/auth/verify-email?token=`)).toBe(true);

    const [before] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "old@example.co.za"));
    expect(before).toBeDefined();

    // Opened in a browser without the session (another device): still changes it.
    const opened = await h.auth.handler(
      new Request(link, { headers: { "x-client-ip": nextIp() } }),
    );
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/portal/settings?email=changed");
    const [after] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.id, before?.id ?? ""));
    expect(after?.email).toBe("new@example.co.za");
    expect((await signIn("new@example.co.za")).status).toBe(302);
    expect((await signIn("old@example.co.za")).status).toBe(401);

    const page = await run(settingsLoader, getRequest("/portal/settings?email=changed", cookie));
    expect((await page.json()).emailChange).toBe("changed");

    // The link works once.
    const again = await h.auth.handler(new Request(link, { headers: { "x-client-ip": nextIp() } }));
    expect(again.headers.get("location")).toMatch(/^\/portal\/settings\?email=changed&error=/);
    const bad = await run(
      settingsLoader,
      getRequest("/portal/settings?email=changed&error=INVALID_TOKEN", cookie),
    );
    expect((await bad.json()).emailChange).toBe("invalid");
  });

  it("answers the same for an address another account has, and mails it nothing", async () => {
    await signUp("taken@example.co.za");
    const { cookie } = await signUp("mover@example.co.za");
    const res = await changeEmail(cookie, "taken@example.co.za");
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(emailChangeRequested("taken@example.co.za"));
    const toTaken = await h.handle.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, "taken@example.co.za"),
          like(emailOutbox.subject, "Confirm%"),
        ),
      );
    expect(toTaken).toHaveLength(0);
    const [mover] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "mover@example.co.za"));
    expect(mover).toBeDefined();
  });

  it("refuses the same address and a malformed one", async () => {
    const { cookie } = await signUp("same@example.co.za");
    const same = await changeEmail(cookie, "same@example.co.za");
    expect(same.status).toBe(400);
    expect((await same.json()).error).toBe("That is already your e-mail address.");
    const bad = await changeEmail(cookie, "not-an-email");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Invalid email address");
  });

  it("ends every reset link mailed to the old address once the address changes", async () => {
    const { cookie } = await signUp("before-move@example.co.za");
    const forgot = await run(
      forgotAction,
      formRequest(
        "/auth/forgot-password",
        { email: "before-move@example.co.za" },
        { ip: nextIp() },
      ),
    );
    expect(forgot.status).toBe(200);
    const [reset] = await mailsTo("before-move@example.co.za");
    const resetLink = reset?.textBody.match(/https?:\/\/\S+\/auth\/reset-password\?token=\S+/)?.[0];
    expect(resetLink).toBeDefined();
    const token = new URL(resetLink as string).searchParams.get("token") ?? "";

    await changeEmail(cookie, "after-move@example.co.za");
    const [mail] = await mailsTo("after-move@example.co.za");
    const opened = await h.auth.handler(
      new Request(linkIn(mail?.textBody ?? ""), { headers: { "x-client-ip": nextIp() } }),
    );
    expect(opened.headers.get("location")).toBe("/portal/settings?email=changed");

    // The old mailbox's link no longer resets the account.
    const used = await run(
      resetAction,
      formRequest("/auth/reset-password", { token, newPassword: "taken-over-1" }, { ip: nextIp() }),
    );
    expect(used.status).toBe(400);
    expect((await used.json()).error).toBe(RESET_LINK_INVALID);
    expect((await signIn("after-move@example.co.za")).status).toBe(302);
  });

  it("does not mail anything at sign-up", async () => {
    await signUp("quiet@example.co.za");
    expect(await mailsTo("quiet@example.co.za")).toHaveLength(0);
  });
});
