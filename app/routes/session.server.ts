import { createHmac, timingSafeEqual } from "node:crypto";
import { redirect } from "react-router";
import { signInPath } from "~/lib/portal-paths";
import { type Auth, getAuth } from "~/server/accounts/auth.server";
import { findSessionByToken } from "~/server/accounts/session-lookup.server";
import { getDb } from "~/server/db/client.server";
import { setRequestUser } from "~/server/logger.server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  /** When the session was last recorded as active (its `updated_at`). */
  lastActiveAt: Date;
  /** Set-Cookie headers from a sliding-expiry refresh, to pass on with the response. */
  headers: Headers;
}

/**
 * The signed-in user of this request, or null. Never throws for a bad or missing cookie.
 * One query: the session joined with its user (session-lookup.server.ts). The common case, a
 * live session that needs nothing done, is answered here (`settledSession`); every other case
 * is better-auth's own session check.
 */
export async function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  const current = await readCurrentSession(request);
  if (current) setRequestUser(current.user.id);
  return current;
}

async function readCurrentSession(request: Request): Promise<CurrentSession | null> {
  const cookies = request.headers.get("cookie");
  if (!cookies?.includes("session_token")) return null;
  const auth = await getAuth();
  const settled = await settledSession(cookies, await auth.$context);
  if (settled) return settled;
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const data = result.response;
  if (!data) return null;
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return {
    user: { id: data.user.id, email: data.user.email, name: data.user.name },
    sessionId: data.session.id,
    lastActiveAt: new Date(data.session.updatedAt),
    headers,
  };
}

/** The signed-in user, or a redirect to /auth that brings them back here after signing in. */
export async function requireSession(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current) throw redirect(signInPath(request.url));
  return current;
}

type AuthContext = Awaited<Auth["$context"]>;
interface SessionOptions {
  cookieCache?: { enabled?: boolean };
  deferSessionRefresh?: boolean;
  disableSessionRefresh?: boolean;
}

/**
 * A signed-in request whose session needs nothing done, answered without better-auth's
 * endpoint (decision 029): its context, output filters and WebCrypto signature check (a
 * thread-pool round trip) were half of a portal request's session check. It answers only when
 * better-auth would answer the same and write nothing:
 * - exactly one session cookie, signed by our secret: HMAC-SHA-256 of the token, compared in
 *   constant time with the cookie's signature, in better-call's format (`token.base64`);
 * - no session-data or don't-remember-me cookie, no cookie cache and no deferred refresh
 *   configured (better-auth has work to do then);
 * - the session exists, has not expired, and is not yet due for its sliding refresh.
 * Anything else returns null, and better-auth's session check answers (and refreshes, expires
 * or clears cookies as it does).
 */
export async function settledSession(
  cookies: string,
  ctx: AuthContext,
): Promise<CurrentSession | null> {
  const { sessionToken, sessionData, dontRememberToken } = ctx.authCookies;
  // None of these is configured (auth.server.ts); should one be, better-auth answers.
  const session = ctx.options.session as SessionOptions | undefined;
  if (session?.cookieCache?.enabled || session?.deferSessionRefresh) return null;
  if (session?.disableSessionRefresh) return null;
  if (cookies.includes(sessionData.name) || cookies.includes(dontRememberToken.name)) return null;
  const token = signedValue(onlyCookie(cookies, sessionToken.name), ctx.secret);
  if (!token) return null;
  const found = await findSessionByToken(await getDb(), token);
  if (!found) return null;
  const now = Date.now();
  const expiresAt = found.expiresAt.getTime();
  const { expiresIn, updateAge } = ctx.sessionConfig;
  if (!(expiresAt > now) || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return null;
  return {
    user: { id: found.user.id, email: found.user.email, name: found.user.name },
    sessionId: found.id,
    lastActiveAt: new Date(found.updatedAt),
    headers: new Headers(),
  };
}

/** The value of the one cookie named `name` (decoded as better-call does), or null. */
function onlyCookie(cookies: string, name: string): string | null {
  let found: string | null = null;
  for (const pair of cookies.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      found = value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return null;
    }
  }
  return found;
}

/**
 * Signed cookies already verified, with the secret that verified them: the same cookie comes
 * with every request of a session, and its HMAC is the same each time (decision 030). Only a
 * cookie whose signature was ours is remembered; a forged one is checked on every request.
 */
const verified = new Map<string, { secret: string; value: string }>();
const VERIFIED_COOKIES = 1000;

/** The value of a signed cookie (`value.signature`) when its signature is ours, else null. */
export function signedValue(cookie: string | null, secret: string): string | null {
  const dot = cookie?.lastIndexOf(".") ?? -1;
  if (!cookie || dot < 1) return null;
  const known = verified.get(cookie);
  if (known?.secret === secret) return known.value;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  if (verified.size >= VERIFIED_COOKIES) verified.clear();
  verified.set(cookie, { secret, value });
  return value;
}
