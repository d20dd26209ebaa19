/**
 * Password change in Settings and password reset by e-mail (through the outbox), with the
 * forms' route actions as the browser posts them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_LINK_INVALID, RESET_REQUESTED } from "~/lib/validation/account";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/auth/reset-password";
import { action as settingsAction } from "~/routes/portal/settings";
import { getCurrentSession } from "~/routes/session.server";
import { signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { testPasswordHashing } from "~/test/password-hash.server";
import { emailOutbox, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { type AppEvent, subscribe } from "../workspace/events.server";
import { createAuth, setAuth } from "./auth.server";

let h: Harness;

async function signIn(email: string, password: string) {
  const res = await run(
    authAction,
    formRequest("/auth", { intent: "signin", email, password }, { ip: nextIp() }),
  );
  return { status: res.status, cookie: cookiesFrom(res) };
}

const changePassword = (cookie: string, fields: Record<string, string>) =>
  run(
    settingsAction,
    formRequest("/portal/settings", { intent: "change-password", ...fields }, { cookie }),
  );

const forgot = (email: string, ip = nextIp()) =>
  run(forgotAction, formRequest("/auth/forgot-password", { email }, { ip }));

async function mailsTo(address: string) {
  return h.handle.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(emailOutbox.createdAt, emailOutbox.id);
}

function linkIn(text: string) {
  const match = text.match(/https?:\/\/\S+\/auth\/reset-password\?token=\S+/);
  expect(match, text).not.toBeNull();
  return new URL(match?.[0] ?? "");
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe(`password change on ${testDatabaseKind()}`, () => {
  it("checks the current password and the new one's length", async () => {
    const { cookie } = await signUp("change@example.co.za");
    const wrong = await changePassword(cookie, {
      currentPassword: "not-it",
      newPassword: "newsecret",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      ok: false,
      intent: "change-password",
      error: "Current password is incorrect",
    });
    const short = await changePassword(cookie, {
      currentPassword: "secret1",
      newPassword: "12345",
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 6 characters");
    const missing = await changePassword(cookie, { newPassword: "newsecret" });
    expect((await missing.json()).error).toBe("Current password is required");
    expect((await signIn("change@example.co.za", "secret1")).status).toBe(302);
  });

  it("changes it, and signs out the other sessions when asked", async () => {
    const { cookie } = await signUp("change2@example.co.za");
    const other = (await signIn("change2@example.co.za", "secret1")).cookie;
    const third = (await signIn("change2@example.co.za", "secret1")).cookie;

    const kept = await changePassword(cookie, {
      currentPassword: "secret1",
      newPassword: "second-secret",
    });
    expect(await kept.json()).toEqual({
      intent: "change-password",
      ok: true,
      success: "Password changed successfully",
    });
    expect(await getCurrentSession(getRequest("/portal", other))).not.toBeNull();

    const res = await changePassword(cookie, {
      currentPassword: "second-secret",
      newPassword: "third-secret",
      signOutOthers: "on",
    });
    expect(res.status).toBe(200);
    expect(await getCurrentSession(getRequest("/portal", cookie))).not.toBeNull();
    expect(await getCurrentSession(getRequest("/portal", other))).toBeNull();
    expect(await getCurrentSession(getRequest("/portal", third))).toBeNull();
    expect((await signIn("change2@example.co.za", "second-secret")).status).toBe(401);
    expect((await signIn("change2@example.co.za", "third-secret")).status).toBe(302);
  });
});

describe(`password reset on ${testDatabaseKind()}`, () => {
  it("answers the same whether or not the e-mail has an account, and mails only a real one", async () => {
    await signUp("reset@example.co.za");
    const known = await forgot("reset@example.co.za");
    const unknown = await forgot("nobody-here@example.co.za");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [a, b] = [await known.json(), await unknown.json()];
    expect(a).toEqual({ ok: true, success: RESET_REQUESTED });
    expect(b).toEqual(a);
    expect(await mailsTo("nobody-here@example.co.za")).toHaveLength(0);

    const [mail] = await mailsTo("reset@example.co.za");
    expect(mail?.subject).toMatch(/Reset your password/);
    expect(mail?.status).toBe("pending");
    const link = linkIn(mail?.textBody ?? "");
    expect(link.origin).toBe(BASE_URL);
    expect(link.pathname).toBe("/auth/reset-password");
  });

  it("validates the e-mail address", async () => {
    const res = await forgot("not-an-email");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Invalid email address");
  });

  it("resets with the mailed link, ends every session, and the link works once", async () => {
    const email = "reset2@example.co.za";
    const [row] = await h.handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(row).toBeUndefined();
    const { cookie: first } = await signUp(email);
    const second = (await signIn(email, "secret1")).cookie;
    const [account] = await h.handle.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email));

    await forgot(email);
    const [mail] = await mailsTo(email);
    const link = linkIn(mail?.textBody ?? "");
    const token = link.searchParams.get("token") ?? "";

    const page = await run(resetLoader, getRequest(`${link.pathname}${link.search}`));
    expect(await page.json()).toEqual({ token });
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const bad = await run(resetLoader, getRequest("/auth/reset-password?token=made-up"));
    expect(await bad.json()).toEqual({ token: null });

    const short = await run(
      resetAction,
      formRequest("/auth/reset-password", { token, newPassword: "123" }),
    );
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 6 characters");

    const seen: AppEvent[] = [];
    const off = subscribe({ userId: account?.id ?? "", clientId: null, isAdmin: false }, (e) =>
      seen.push(e),
    );
    let res: Response;
    try {
      res = await run(
        resetAction,
        formRequest(
          "/auth/reset-password",
          { token, newPassword: "brand-new-1" },
          { ip: nextIp() },
        ),
      );
    } finally {
      off();
    }
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth");
    expect(seen.map((e) => e.kind)).toEqual(["session-ended"]);

    // The sign-in page shows the toast.
    const auth = await run(authLoader, getRequest("/auth", cookiesFrom(res)));
    expect((await auth.json()).toast).toMatchObject({
      type: "success",
      title: "Success",
      description: "Your password has been reset. Sign in with your new password.",
    });

    expect(await getCurrentSession(getRequest("/portal", first))).toBeNull();
    expect(await getCurrentSession(getRequest("/portal", second))).toBeNull();
    expect((await signIn(email, "secret1")).status).toBe(401);
    expect((await signIn(email, "brand-new-1")).status).toBe(302);

    const again = await run(
      resetAction,
      formRequest("/auth/reset-password", { token, newPassword: "another-1" }),
    );
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe(RESET_LINK_INVALID);
    expect(
      await (await run(resetLoader, getRequest(`/auth/reset-password?token=${token}`))).json(),
    ).toEqual({ token: null });
  });

  it("rate-limits reset requests per client IP with the same budget as sign-in", async () => {
    setAuth(
      createAuth({
        handle: h.handle,
        env: h.env,
        authRateLimit: 2,
        passwordHashing: testPasswordHashing,
      }),
    );
    try {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await forgot("reset@example.co.za", ip)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await forgot("reset@example.co.za", ip);
      expect((await limited.json()).error).toBe(
        "Too many attempts. Please wait a minute and try again.",
      );
    } finally {
      setAuth(h.auth);
    }
  });
});
