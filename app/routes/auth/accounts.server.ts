/**
 * better-auth's HTTP handler, asked as the browser of this request (its cookie, IP and origin):
 * sign-up, sign-in and sign-out, password reset and change, e-mail change and two-factor
 * authentication, from our own form actions. They go through the handler (not auth.api) so its
 * rate limits, origin checks and cookies apply exactly as for its own endpoints (decision 003).
 * The accounts themselves (the auth setup, people, sessions, roles) are app/server/accounts/.
 */
import type { SignInInput, SignUpInput } from "~/lib/validation/auth";
import { addressIsProven } from "~/server/accounts/address-proof.server";
import { getAuth } from "~/server/accounts/auth.server";
import {
  type AuthFailure,
  authFailure,
  authFailureFrom,
} from "~/server/accounts/auth-errors.server";
import {
  backupCodesFor,
  FLASH_SECONDS,
  isAppCode,
  saveTwoFactorNotice,
  type TotpSetup,
  type TwoFactorNotice,
  takeTwoFactorNotice,
  totpSetup,
} from "~/server/accounts/two-factor.server";
import { type Database, getDb } from "~/server/db/client.server";
import type { Outcome } from "~/server/outcome.server";
import { publish } from "~/server/workspace/events.server";
import { getCurrentSession } from "../session.server";

export type AuthResult = { ok: true; headers: Headers; body: unknown } | AuthFailure;

/** Headers of the browser's request that better-auth reads. */
const FORWARDED = ["cookie", "user-agent", "x-client-ip", "origin", "accept-language"];

function authRequest(request: Request, path: string, init: { method: string; body?: unknown }) {
  const headers = new Headers();
  if (init.body !== undefined) headers.set("content-type", "application/json");
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("origin")) headers.set("origin", new URL(request.url).origin);
  return new Request(new URL(`/api/auth${path}`, request.url), {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** POST to better-auth's handler as the browser of `request` (its cookie, IP and origin). */
export async function callAuth(request: Request, path: string, body: unknown): Promise<AuthResult> {
  const auth = await getAuth();
  const response = await auth.handler(authRequest(request, path, { method: "POST", body }));
  if (response.ok) {
    const out = new Headers();
    for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
    return { ok: true, headers: out, body: await response.json().catch(() => null) };
  }
  return authFailureFrom(response.status, await response.json().catch(() => null));
}

export function signUp(request: Request, input: SignUpInput) {
  return callAuth(request, "/sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.fullName,
  });
}

export function signIn(request: Request, input: SignInInput) {
  return callAuth(request, "/sign-in/email", {
    email: input.email,
    password: input.password,
    rememberMe: true,
  });
}

/**
 * Sign this browser out. better-auth ends the session; whatever it answered, the browser
 * forgets its session cookie (under better-auth's own name: on https it is `__Secure-`
 * prefixed), and the session's other open tabs leave the portal. Returns the headers to send.
 */
export async function signOut(request: Request): Promise<Headers> {
  const current = await getCurrentSession(request).catch(() => null);
  const result = await callAuth(request, "/sign-out", {});
  const headers = result.ok ? result.headers : new Headers();
  const cookie = (await (await getAuth()).$context).authCookies.sessionToken;
  const cleared = headers.getSetCookie().some((c) => c.startsWith(`${cookie.name}=;`));
  if (!cleared) {
    const secure = cookie.attributes.secure ? "; Secure" : "";
    headers.append(
      "Set-Cookie",
      `${cookie.name}=; Path=${cookie.attributes.path ?? "/"}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  if (current) {
    publish({ kind: "session-ended", userIds: [current.user.id], sessionIds: [current.sessionId] });
  }
  return headers;
}

/**
 * Send a password-reset link if an account has this e-mail. The answer is the same whether it
 * has or not (only a rate limit or an outage differ).
 */
export function requestPasswordReset(request: Request, email: string) {
  return callAuth(request, "/request-password-reset", { email });
}

/** Is this reset link's token still good? (better-auth's own check, through its handler.) */
export async function resetTokenIsValid(request: Request, token: string): Promise<boolean> {
  const auth = await getAuth();
  const path = `/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent("/auth/reset-password")}`;
  const response = await auth.handler(authRequest(request, path, { method: "GET" }));
  const location = response.headers.get("location") ?? "";
  return response.status === 302 && location.includes("token=") && !location.includes("error=");
}

export function resetPassword(request: Request, token: string, newPassword: string) {
  return callAuth(request, "/reset-password", { token, newPassword });
}

/** Change the signed-in user's password; better-auth checks the current one. */
export async function changePassword(
  request: Request,
  currentPassword: string,
  newPassword: string,
) {
  const result = await callAuth(request, "/change-password", { currentPassword, newPassword });
  if (!result.ok && result.reason === "wrong-password") {
    return { ...result, message: "Current password is incorrect" };
  }
  return result;
}

/** Where the e-mail change link lands (better-auth adds `&error=…` when the link is bad). */
export const EMAIL_CHANGED_CALLBACK = "/portal/settings?email=changed";

/**
 * Ask to move the signed-in account to another address: better-auth mails a link to the new
 * address (also when another account has it, without saying so); opening it makes the change.
 */
export async function requestEmailChange(request: Request, newEmail: string): Promise<AuthResult> {
  // better-auth refuses the same address without an error code: check it here instead.
  const current = await getCurrentSession(request);
  if (current && newEmail.toLowerCase() === current.user.email.toLowerCase()) {
    return authFailure(400, "same-email");
  }
  return callAuth(request, "/change-email", { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK });
}

// --- Two-factor authentication -----------------------------------------------------------------

type Answer<T> = Outcome<{ value: T; headers: Headers }>;

/** Step 1: check the password and create a new (unconfirmed) secret. */
export async function startTwoFactorSetup(
  request: Request,
  password: string,
): Promise<Answer<TotpSetup>> {
  const result = await callAuth(request, "/two-factor/enable", { password });
  if (!result.ok) return result;
  const setup = await totpSetup((result.body as { totpURI?: string } | null)?.totpURI);
  if (!setup) return authFailure(503, "unavailable");
  return { ok: true, value: setup, headers: result.headers };
}

/**
 * Step 2: the first code from the app turns two-factor on. better-auth replaces the session
 * (pass `headers` on).
 */
export async function confirmTwoFactor(request: Request, code: string): Promise<Answer<true>> {
  const result = await callAuth(request, "/two-factor/verify-totp", { code });
  if (!result.ok) return result;
  return { ok: true, value: true, headers: result.headers };
}

/** Turn two-factor off (the password again). better-auth replaces the session. */
export async function disableTwoFactor(request: Request, password: string): Promise<Answer<null>> {
  const result = await callAuth(request, "/two-factor/disable", { password });
  if (!result.ok) return result;
  return { ok: true, value: null, headers: result.headers };
}

/** Sign-in's second step: finish the sign-in with an app code or a backup code. */
export function verifySignInCode(request: Request, code: string): Promise<AuthResult> {
  const path = isAppCode(code) ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  return callAuth(request, path, { code });
}

/** Is a sign-in waiting for its second factor in this browser (better-auth's cookie)? */
export function hasPendingSecondFactor(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(
    request.headers.get("cookie") ?? "",
  );
}

/**
 * The backup codes again, for a user with two-factor on, after their password (better-auth
 * checks it through its handler, so its rate limit applies).
 */
export async function backupCodesAfterPassword(
  request: Request,
  userId: string,
  twoFactorEnabled: boolean,
  password: string,
): Promise<Answer<string[]>> {
  if (!twoFactorEnabled) {
    return authFailure(400, "two-factor-not-on");
  }
  const result = await callAuth(request, "/verify-password", { password });
  if (!result.ok) return result;
  return { ok: true, value: await backupCodesFor(userId), headers: result.headers };
}

const FLASH = "two_factor_flash";

/**
 * The one-time cookie that tells the next Settings page that two-factor was turned on or off
 * (accounts/two-factor.server.ts keeps what it means). Path=/portal, not /portal/settings: the
 * page's data requests go to /portal/settings.data.
 */
export async function twoFactorFlashCookie(db: Database, notice: TwoFactorNotice, userId: string) {
  const key = await saveTwoFactorNotice(db, notice, userId);
  return `${FLASH}=${key}; Path=/portal; Max-Age=${FLASH_SECONDS}; HttpOnly; SameSite=Lax`;
}

/** What the flash cookie says for this user (used up), and the header that clears it. */
export async function readTwoFactorFlash(db: Database, request: Request, userId: string) {
  const match = (request.headers.get("cookie") ?? "").match(
    new RegExp(`(?:^|;\\s*)${FLASH}=([^;]*)`),
  );
  if (!match) return { notice: null, clearHeader: null };
  const clearHeader = `${FLASH}=; Path=/portal; Max-Age=0; HttpOnly; SameSite=Lax`;
  return { notice: await takeTwoFactorNotice(db, match[1] ?? "", userId), clearHeader };
}

/** Where the link that confirms the account's own address lands. */
export const ADDRESS_CONFIRMED_CALLBACK = "/portal/settings?email=confirmed";

/**
 * Mail a link to the signed-in account's own address that confirms it (decision 034), through
 * better-auth's handler (its rate limit applies). An address already confirmed says so.
 */
export async function requestAddressConfirmation(request: Request): Promise<AuthResult> {
  const current = await getCurrentSession(request);
  if (!current) return authFailure(401, "other", "Sign in to confirm your e-mail address.");
  if (await addressIsProven(await getDb(), current.user.id)) {
    return authFailure(409, "address-confirmed");
  }
  return callAuth(request, "/send-verification-email", {
    email: current.user.email,
    callbackURL: ADDRESS_CONFIRMED_CALLBACK,
  });
}
