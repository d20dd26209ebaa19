/**
 * Two-factor authentication with real TOTP codes (otpauth, from the secret in the setup URI):
 * turn on in Settings, sign in with a code or a backup code, turn off; REQUIRE_ADMIN_2FA.
 */
import { eq } from "drizzle-orm";
import { Secret, TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_PERMISSION } from "~/lib/portal-text";
import { POLICY_NEEDS_OWN_TWO_FACTOR, type TwoFactorResult } from "~/lib/validation/account";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { loader as dashboardLoader } from "~/routes/portal/dashboard";
import { loader as portalLoader } from "~/routes/portal/layout";
import { loader as projectsLoader } from "~/routes/portal/projects";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { getCurrentSession } from "~/routes/session.server";
import { signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { testPasswordHashing } from "~/test/password-hash.server";
import { twoFactor, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { type Env, parseEnv, setEnv } from "../env.server";
import { createAuth, setAuth } from "./auth.server";
import { POLICY_SET_BY_OPERATOR } from "./security-policy.server";
import { totpSetup } from "./two-factor.server";

let h: Harness;

/** Merge a response's Set-Cookie into a cookie header (deletions remove the cookie). */
function withCookies(cookie: string, res: Response) {
  const jar = new Map(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0] ?? "", pair] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(";")[0] ?? "";
    const name = pair.split("=")[0] ?? "";
    if (pair.endsWith("=") || /max-age=0/i.test(c)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

const settings = (cookie: string, fields: Record<string, string>) =>
  run(
    settingsAction,
    formRequest("/portal/settings", { intent: "two-factor", ...fields }, { cookie }),
  );

function totpFor(uri: string) {
  const parsed = URI.parse(uri);
  if (!(parsed instanceof TOTP)) throw new Error("not a TOTP URI");
  return parsed;
}

/** A code from the other 30-second window than `code`, still accepted (±1 window). */
function freshCode(totp: TOTP, not?: string) {
  const now = totp.generate();
  if (now !== not) return now;
  return totp.generate({ timestamp: Date.now() - 30_000 });
}

/** Turn two-factor on for this cookie's user; returns the new cookie, app and backup codes. */
async function turnOn(cookie: string) {
  const started = await settings(cookie, { step: "enable", password: "secret1" });
  expect(started.status).toBe(200);
  const body = (await started.json()) as TwoFactorResult;
  const totp = totpFor(body.setup?.uri ?? "");
  const confirmed = await settings(cookie, {
    step: "confirm",
    code: totp.generate(),
    totpURI: body.setup?.uri ?? "",
  });
  expect(confirmed.status).toBe(302);
  const next = withCookies(cookie, confirmed);
  const page = await run(settingsLoader, getRequest("/portal/settings", next));
  const backupCodes = ((await page.json()).backupCodes ?? []) as string[];
  return { cookie: withCookies(next, page), totp, backupCodes };
}

function signIn(email: string, password = "secret1", cookie = "") {
  return run(
    authAction,
    formRequest("/auth", { intent: "signin", email, password }, { ip: nextIp(), cookie }),
  );
}

function secondStep(cookie: string, code: string) {
  return run(
    authAction,
    formRequest("/auth?step=two-factor", { intent: "two-factor", code }, { cookie, ip: nextIp() }),
  );
}

beforeAll(async () => {
  h = await createHarness({
    ADMIN_EMAILS: "chief@example.co.za,lead@example.co.za,second@example.co.za",
  });
});
afterAll(async () => {
  await h.close();
});

describe(`two-factor authentication on ${testDatabaseKind()}`, () => {
  it("turns on with the password, a QR code, the key as text and a first code", async () => {
    const { cookie } = await signUp("ayanda@example.co.za");
    const wrong = await settings(cookie, { step: "enable", password: "nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      intent: "two-factor",
      step: "enable",
      error: "Password is incorrect",
    });

    const started = await settings(cookie, { step: "enable", password: "secret1" });
    const body = (await started.json()) as TwoFactorResult;
    expect(body).toMatchObject({ intent: "two-factor", step: "enable", ok: true });
    const setup = body.setup;
    expect(setup?.uri).toMatch(/^otpauth:\/\/totp\/Kopano%20AI:ayanda%40example\.co\.za\?/);
    expect(setup?.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup?.qr.split(",")[1] ?? "", "base64").toString()).toContain("<svg");
    const totp = totpFor(setup?.uri ?? "");
    expect(setup?.key).toBe(totp.secret.base32);
    expect(totp.issuer).toBe("Kopano AI");
    // Not on until confirmed.
    const [before] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "ayanda@example.co.za"));
    expect(before?.twoFactorEnabled).toBe(false);

    const bad = await settings(cookie, {
      step: "confirm",
      code: "000000",
      totpURI: setup?.uri ?? "",
    });
    expect(bad.status).toBe(401);
    const badBody = (await bad.json()) as TwoFactorResult;
    expect(badBody).toMatchObject({
      step: "confirm",
      error: "That code is not right. Check your authenticator app and try again.",
    });
    expect(badBody.setup?.key).toBe(setup?.key);

    // A code typed with a space is fine.
    const code = totp.generate();
    const confirmed = await settings(cookie, {
      step: "confirm",
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      totpURI: setup?.uri ?? "",
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/portal/settings");
    const toast = confirmed.headers.getSetCookie().find((c) => c.startsWith("toast="));
    expect(toast).toBeDefined();

    // better-auth replaced the session: the new cookie works, and the next Settings page says
    // it is on and shows the backup codes, once.
    const next = withCookies(cookie, confirmed);
    expect(await getCurrentSession(getRequest("/portal", cookie))).toBeNull();
    const page = await run(settingsLoader, getRequest("/portal/settings", next));
    expect(page.status).toBe(200);
    const shown = await page.json();
    expect(shown.twoFactorNotice).toBe("on");
    const codes = shown.backupCodes as string[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    const later = await run(
      settingsLoader,
      getRequest("/portal/settings", withCookies(next, page)),
    );
    expect(await later.json()).toMatchObject({ twoFactorNotice: null, backupCodes: null });
    // Someone else's flash cookie shows nothing.
    const { cookie: other } = await signUp("other@example.co.za");
    const forged = await run(
      settingsLoader,
      getRequest("/portal/settings", `${other}; ${next.match(/two_factor_flash=[^;]+/)?.[0]}`),
    );
    expect(await forged.json()).toMatchObject({ twoFactorNotice: null, backupCodes: null });

    const [after] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "ayanda@example.co.za"));
    expect(after?.twoFactorEnabled).toBe(true);
    const [row] = await h.handle.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, after?.id ?? ""));
    // Stored encrypted, not as the plain key.
    expect(row?.secret).not.toContain(setup?.key ?? "x");
    expect(row?.backupCodes).not.toContain(codes[0] ?? "x");

    const portal = await run(portalLoader, getRequest("/portal", next));
    expect((await portal.json()).user.twoFactorEnabled).toBe(true);
  });

  it("asks for the code at sign-in and accepts an app code or a backup code once", async () => {
    const { cookie } = await signUp("thabo@example.co.za");
    const on = await turnOn(cookie);

    const first = await signIn("thabo@example.co.za");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/auth?step=two-factor");
    const pending = cookiesFrom(first);
    expect(pending).toMatch(/better-auth\.two_factor=/);
    expect(pending).not.toMatch(/session_token=/);
    expect(await getCurrentSession(getRequest("/portal", pending))).toBeNull();

    const page = await run(authLoader, getRequest("/auth?step=two-factor", pending));
    expect((await page.json()).secondStep).toBe(true);
    const without = await run(authLoader, getRequest("/auth?step=two-factor"));
    expect((await without.json()).secondStep).toBe(false);

    const wrong = await secondStep(pending, "123456");
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe(
      "That code is not right. Check your authenticator app and try again.",
    );
    const ok = await secondStep(pending, freshCode(on.totp));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/portal");
    const signedIn = withCookies(pending, ok);
    expect(await getCurrentSession(getRequest("/portal", signedIn))).not.toBeNull();

    // A backup code, once.
    const code = on.backupCodes[0] ?? "";
    const again = cookiesFrom(await signIn("thabo@example.co.za"));
    const viaBackup = await secondStep(again, code);
    expect(viaBackup.headers.get("location")).toBe("/portal");
    const third = cookiesFrom(await signIn("thabo@example.co.za"));
    const reused = await secondStep(third, code);
    expect(reused.status).toBe(401);
    expect((await reused.json()).error).toBe(
      "That backup code is not right, or it was used before.",
    );

    // The password alone never signs in.
    const noCode = await run(portalLoader, getRequest("/portal", third));
    expect(noCode.headers.get("location")).toBe("/auth");
  });

  it("sends an expired second step back to sign in", async () => {
    const res = await secondStep("", "123456");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(true);
  });

  it("sends a second step better-auth no longer knows back to sign in (its error code)", async () => {
    // The browser still holds a second-step cookie, but better-auth answers
    // INVALID_TWO_FACTOR_COOKIE for it: the same as an expired step.
    const res = await secondStep("better-auth.two_factor=expired.value", "123456");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(true);
  });

  it("turns off with the password; sign-in asks for no code after that", async () => {
    const { cookie } = await signUp("lindiwe@example.co.za");
    const on = await turnOn(cookie);
    const wrong = await settings(on.cookie, { step: "disable", password: "nope" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("Password is incorrect");
    const off = await settings(on.cookie, { step: "disable", password: "secret1" });
    expect(off.status).toBe(302);
    const page = await run(
      settingsLoader,
      getRequest("/portal/settings", withCookies(on.cookie, off)),
    );
    expect(await page.json()).toMatchObject({ twoFactorNotice: "off", backupCodes: null });
    const [row] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "lindiwe@example.co.za"));
    expect(row?.twoFactorEnabled).toBe(false);
    expect(
      await h.handle.db
        .select()
        .from(twoFactor)
        .where(eq(twoFactor.userId, row?.id ?? "")),
    ).toHaveLength(0);
    const res = await signIn("lindiwe@example.co.za");
    expect(res.headers.get("location")).toBe("/portal");
  });

  it("rate-limits second-step codes per client IP", async () => {
    const { cookie } = await signUp("limit@example.co.za");
    await turnOn(cookie);
    setAuth(
      createAuth({
        handle: h.handle,
        env: h.env,
        authRateLimit: 2,
        passwordHashing: testPasswordHashing,
      }),
    );
    try {
      const pending = cookiesFrom(await signIn("limit@example.co.za"));
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await run(
          authAction,
          formRequest(
            "/auth?step=two-factor",
            { intent: "two-factor", code: "111111" },
            { cookie: pending, ip },
          ),
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      setAuth(h.auth);
    }
  });

  it("only renders a setup for a real otpauth TOTP URI", async () => {
    expect(await totpSetup("javascript:alert(1)")).toBeNull();
    expect(await totpSetup("otpauth://totp/x?secret=not_base32!")).toBeNull();
    expect(await totpSetup(undefined)).toBeNull();
    const key = new Secret({ size: 20 }).base32;
    expect((await totpSetup(`otpauth://totp/A:b?secret=${key}&issuer=A`))?.key).toBe(key);
  });
});

describe(`REQUIRE_ADMIN_2FA on ${testDatabaseKind()}`, () => {
  let saved: Env;
  beforeAll(() => {
    saved = h.env;
    setEnv(parseEnv({ ...process.env, ...envAsStrings(h.env), REQUIRE_ADMIN_2FA: "true" }));
  });
  afterAll(() => {
    setEnv(saved);
  });

  it("keeps an admin without 2FA in Settings until it is on; others are not affected", async () => {
    const { cookie: admin } = await signUp("chief@example.co.za");
    await proveAddress("chief@example.co.za");
    for (const loader of [dashboardLoader, projectsLoader]) {
      const res = await run(loader, getRequest("/portal/projects", admin));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/portal/settings");
    }
    // Data requests too.
    const data = await run(projectsLoader, getRequest("/portal/projects.data", admin));
    expect(data.headers.get("location")).toBe("/portal/settings");

    const page = await run(settingsLoader, getRequest("/portal/settings", admin));
    expect(page.status).toBe(200);
    expect((await page.json()).twoFactorRequired).toBe(true);
    const layout = await run(portalLoader, getRequest("/portal/settings.data", admin));
    expect(layout.status).toBe(200);

    const on = await turnOn(admin);
    const now = await run(dashboardLoader, getRequest("/portal", on.cookie));
    expect(now.status).toBe(200);
    const settingsNow = await run(settingsLoader, getRequest("/portal/settings", on.cookie));
    expect((await settingsNow.json()).twoFactorRequired).toBe(false);

    const { cookie: customer } = await signUp("customer@example.co.za");
    expect((await run(dashboardLoader, getRequest("/portal", customer))).status).toBe(200);

    // The operator's setting cannot be switched off in the portal.
    const off = await policy(on.cookie, {});
    expect(off.status).toBe(409);
    expect((await off.json()).error).toBe(POLICY_SET_BY_OPERATOR);
  });
});

const policy = (cookie: string, fields: Record<string, string>) =>
  run(
    settingsAction,
    formRequest("/portal/settings", { intent: "security-policy", ...fields }, { cookie }),
  );

describe(`the security policy in Settings on ${testDatabaseKind()}`, () => {
  it("lets an administrator with 2FA require it of every administrator, and lift it", async () => {
    const { cookie: lead } = await signUp("lead@example.co.za");
    await proveAddress("lead@example.co.za");
    const { cookie: customer } = await signUp("someone@example.co.za");

    // A customer may not change it; an admin without 2FA may not turn it on (no lock-out).
    const refused = await policy(customer, { requireAdminTwoFactor: "on" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe(NO_PERMISSION);
    const early = await policy(lead, { requireAdminTwoFactor: "on" });
    expect(early.status).toBe(400);
    expect((await early.json()).error).toBe(POLICY_NEEDS_OWN_TWO_FACTOR);
    const bad = await policy(lead, { requireAdminTwoFactor: "yes" });
    expect(bad.status).toBe(400);

    const leadOn = await turnOn(lead);
    const page = await run(settingsLoader, getRequest("/portal/settings", leadOn.cookie));
    expect((await page.json()).securityPolicy).toEqual({
      requireAdminTwoFactor: false,
      signUpPolicy: "anyone",
      enforcedByOperator: false,
    });
    const saved = await policy(leadOn.cookie, { requireAdminTwoFactor: "on" });
    expect(saved.status).toBe(200);
    expect((await saved.json()).success).toBe(
      "Administrators must now use two-factor authentication",
    );

    // Another administrator without 2FA is now kept in Settings; customers are not affected.
    const { cookie: second } = await signUp("second@example.co.za");
    await proveAddress("second@example.co.za");
    const blocked = await run(dashboardLoader, getRequest("/portal", second));
    expect(blocked.headers.get("location")).toBe("/portal/settings");
    const secondSettings = await run(settingsLoader, getRequest("/portal/settings", second));
    expect((await secondSettings.json()).twoFactorRequired).toBe(true);
    expect((await run(dashboardLoader, getRequest("/portal", customer))).status).toBe(200);
    const customerSettings = await run(settingsLoader, getRequest("/portal/settings", customer));
    expect((await customerSettings.json()).securityPolicy).toBeNull();

    // Lifted (the checkbox unticked sends nothing): the second admin may go anywhere again.
    const lifted = await policy(leadOn.cookie, {});
    expect(lifted.status).toBe(200);
    expect((await run(dashboardLoader, getRequest("/portal", second))).status).toBe(200);
  });
});

function envAsStrings(env: Env): Record<string, string> {
  return {
    NODE_ENV: env.NODE_ENV,
    BASE_URL: env.BASE_URL,
    DATA_DIR: env.DATA_DIR,
    AUTH_SECRET: env.AUTH_SECRET,
    ADMIN_EMAILS: env.ADMIN_EMAILS.join(","),
  };
}
