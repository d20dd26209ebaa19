/**
 * The security review's findings (issue 18): each test failed before its fix.
 */
import { mkdtempSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RESET_LINK_INVALID, type TwoFactorResult } from "~/lib/validation/account";
import { action as apiAuthAction, loader as apiAuthLoader } from "~/routes/api/auth";
import { action as authAction } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { loader as portalLoader } from "~/routes/portal/layout";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
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
import { emailOutbox, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { createMailer } from "../email/mailer.server";
import { applyAdminEmails, getRole } from "./roles.server";

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "owner@example.co.za,early@example.co.za" });
});
afterAll(async () => {
  await h.close();
});

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

async function signUp(email: string, password = "secret1") {
  const res = await run(
    authAction,
    formRequest(
      "/auth",
      { intent: "signup", email, password, fullName: "Ayanda Zulu" },
      { ip: nextIp() },
    ),
  );
  expect(res.status).toBe(302);
  return cookiesFrom(res).replace(/;?\s*toast=[^;]*/, "");
}

async function userId(email: string) {
  const [row] = await h.handle.db.select().from(user).where(eq(user.email, email));
  return row?.id ?? "";
}

const twoFactorStep = (cookie: string, fields: Record<string, string>) =>
  run(
    settingsAction,
    formRequest("/portal/settings", { intent: "two-factor", ...fields }, { cookie }),
  );

/** Two-factor on; returns the new cookie (flash cookie included) and the codes first shown. */
async function turnOn(cookie: string) {
  const started = await twoFactorStep(cookie, { step: "enable", password: "secret1" });
  const body = (await started.json()) as TwoFactorResult;
  const totp = URI.parse(body.setup?.uri ?? "") as TOTP;
  const confirmed = await twoFactorStep(cookie, {
    step: "confirm",
    code: totp.generate(),
    totpURI: body.setup?.uri ?? "",
  });
  expect(confirmed.status).toBe(302);
  const next = withCookies(cookie, confirmed);
  const page = await run(settingsLoader, getRequest("/portal/settings", next));
  const codes = (await page.json()).backupCodes as string[] | null;
  return { withFlash: next, cookie: withCookies(next, page), codes };
}

const mailsTo = (address: string) =>
  h.handle.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(emailOutbox.createdAt, emailOutbox.id);

describe(`backup codes and the two-factor flash cookie on ${testDatabaseKind()}`, () => {
  it("shows the codes once; a hand-made flash cookie shows none", async () => {
    const cookie = await signUp("flash@example.co.za");
    const on = await turnOn(cookie);
    expect(on.codes).toHaveLength(10);
    const id = await userId("flash@example.co.za");
    for (const forged of [`on.${encodeURIComponent(id)}`, `on.${id}`]) {
      const page = await run(
        settingsLoader,
        getRequest("/portal/settings", `${on.cookie}; two_factor_flash=${forged}`),
      );
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({ twoFactorNotice: null, backupCodes: null });
    }
    // The real cookie, replayed after it was used, shows nothing either.
    const flash = on.withFlash.match(/two_factor_flash=[^;]+/)?.[0] ?? "";
    expect(flash).not.toBe("");
    const replayed = await run(
      settingsLoader,
      getRequest("/portal/settings", `${on.cookie}; ${flash}`),
    );
    expect((await replayed.json()).backupCodes).toBeNull();
  });

  it("shows the codes again only after the password", async () => {
    const cookie = await signUp("again@example.co.za");
    const on = await turnOn(cookie);
    const wrong = await twoFactorStep(on.cookie, { step: "show-codes", password: "nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      intent: "two-factor",
      step: "show-codes",
      error: "Password is incorrect",
    });
    const missing = await twoFactorStep(on.cookie, { step: "show-codes" });
    expect(missing.status).toBe(400);
    const shown = await twoFactorStep(on.cookie, { step: "show-codes", password: "secret1" });
    expect(shown.status).toBe(200);
    const body = (await shown.json()) as TwoFactorResult;
    expect(body.backupCodes).toEqual(on.codes);
    // Someone without two-factor has no codes to show.
    const plain = await signUp("plain@example.co.za");
    const none = await twoFactorStep(plain, { step: "show-codes", password: "secret1" });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe("Set up two-factor authentication first.");
  });

  it("answers a malformed flash cookie with the page, not a 500", async () => {
    const cookie = await signUp("malformed@example.co.za");
    for (const value of ["on.%E0%A4%A", "on.%", "off.%ZZ", "on."]) {
      const page = await run(
        settingsLoader,
        getRequest("/portal/settings", `${cookie}; two_factor_flash=${value}`),
      );
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({ twoFactorNotice: null, backupCodes: null });
    }
  });
});

/** The link in the newest mail to this address matching the path. */
async function linkTo(address: string, pathPart: string) {
  const mails = await mailsTo(address);
  const texts = mails.map((m) => m.textBody).reverse();
  for (const text of texts) {
    const match = text.match(new RegExp(`https?://\\S+${pathPart}\\S*`));
    if (match) return new URL(match[0]);
  }
  throw new Error(`no ${pathPart} link to ${address}`);
}

describe(`ADMIN_EMAILS on ${testDatabaseKind()}`, () => {
  it("grants admin to a listed address only once it is proven by the e-mailed link", async () => {
    await signUp("owner@example.co.za");
    const id = await userId("owner@example.co.za");
    expect(await getRole(h.handle.db, id)).toBeNull();
    const link = await linkTo("owner@example.co.za", "/api/auth/verify-email");
    const mail = (await mailsTo("owner@example.co.za")).at(-1);
    expect(mail?.textBody).toContain("administrator");
    const opened = await run(apiAuthLoader, getRequest(`${link.pathname}${link.search}`));
    expect(opened.status).toBe(302);
    expect(await getRole(h.handle.db, id)).toBe("admin");
    // An address not listed gets no such mail.
    await signUp("listed-not@example.co.za");
    expect(await mailsTo("listed-not@example.co.za")).toHaveLength(0);
  });

  it("does not promote an unproven earlier account at start", async () => {
    await signUp("early@example.co.za");
    const id = await userId("early@example.co.za");
    await applyAdminEmails(h.handle.db, ["early@example.co.za"]);
    expect(await getRole(h.handle.db, id)).toBeNull();
    await h.handle.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    await applyAdminEmails(h.handle.db, ["early@example.co.za"]);
    expect(await getRole(h.handle.db, id)).toBe("admin");
  });
});

const forgot = (email: string) =>
  run(forgotAction, formRequest("/auth/forgot-password", { email }, { ip: nextIp() }));

async function resetTokens(address: string) {
  const mails = await mailsTo(address);
  return mails
    .map((m) => m.textBody.match(/reset-password\?token=(\S+)/)?.[1])
    .filter((t): t is string => Boolean(t))
    .map(decodeURIComponent);
}

const reset = (token: string, password: string) =>
  run(
    resetAction,
    formRequest("/auth/reset-password", { token, newPassword: password }, { ip: nextIp() }),
  );

describe(`reset links on ${testDatabaseKind()}`, () => {
  it("a reset ends every other reset link of the account", async () => {
    await signUp("resets@example.co.za");
    await forgot("resets@example.co.za");
    await forgot("resets@example.co.za");
    const [older, newer] = await resetTokens("resets@example.co.za");
    expect(older && newer && older !== newer).toBe(true);
    const used = await reset(newer ?? "", "brand-new-1");
    expect(used.status).toBe(302);
    const stale = await reset(older ?? "", "attacker-2");
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toBe(RESET_LINK_INVALID);
  });

  it("a password change ends the account's reset links", async () => {
    const cookie = await signUp("changes@example.co.za");
    await forgot("changes@example.co.za");
    const [token] = await resetTokens("changes@example.co.za");
    const changed = await run(
      settingsAction,
      formRequest(
        "/portal/settings",
        { intent: "change-password", currentPassword: "secret1", newPassword: "changed-1" },
        { cookie },
      ),
    );
    expect(changed.status).toBe(200);
    const stale = await reset(token ?? "", "attacker-2");
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toBe(RESET_LINK_INVALID);
  });
});

describe(`origins, names and mail files on ${testDatabaseKind()}`, () => {
  it("trusts BASE_URL only, not the origin the Host header names", async () => {
    await signUp("host@example.co.za");
    // better-auth logs the refused redirect.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const evil = "http://evil.example";
    const res = await run(
      apiAuthAction,
      new Request(`${evil}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: evil, "x-client-ip": nextIp() },
        body: JSON.stringify({ email: "host@example.co.za", redirectTo: `${evil}/steal` }),
      }),
    );
    expect(res.status).toBe(403);
    expect(await resetTokens("host@example.co.za")).toHaveLength(0);
    expect(String(logged.mock.calls[0])).toContain("Invalid redirectURL");
  });

  it("a name changed through /api/auth/update-user reaches the portal profile", async () => {
    const cookie = await signUp("rename@example.co.za");
    const res = await run(
      apiAuthAction,
      new Request(`${BASE_URL}/api/auth/update-user`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: BASE_URL,
          cookie,
          "x-client-ip": nextIp(),
        },
        body: JSON.stringify({ name: "Thandiwe Nkosi" }),
      }),
    );
    expect(res.status).toBe(200);
    const portal = await run(portalLoader, getRequest("/portal", cookie));
    expect((await portal.json()).user.fullName).toBe("Thandiwe Nkosi");
  });

  it("writes .eml files readable by the owner only, in a folder only the owner opens", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "trust-mail-"));
    const mailer = createMailer({ dataDir });
    await mailer.send({
      id: "m1",
      from: "a@example.co.za",
      to: "b@example.co.za",
      subject: "Reset",
      text: "a link",
    });
    mailer.close();
    const dir = path.join(dataDir, "mail");
    const [file] = await readdir(dir);
    expect(statSync(path.join(dir, file ?? "")).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
