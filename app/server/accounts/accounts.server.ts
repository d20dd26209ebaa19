/**
 * Sign-up, sign-in and sign-out from our own form actions. They go through better-auth's HTTP
 * handler (not auth.api) so its rate limits, origin checks and cookies apply exactly as for
 * its own endpoints.
 */
import { eq } from "drizzle-orm";
import type { SignInInput, SignUpInput } from "~/lib/validation/auth";
import { getCurrentSession } from "~/routes/session.server";
import { getDb } from "../db/client.server";
import { profiles } from "../db/schema.server";
import { publish } from "../workspace/events.server";
import { getAuth } from "./auth.server";
import { type AuthFailure, authFailure, authFailureFrom } from "./auth-errors.server";

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

export async function getProfileName(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.fullName ?? null;
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
