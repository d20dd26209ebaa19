/**
 * Two-factor authentication with an authenticator app (TOTP), through better-auth's twoFactor
 * plugin and its HTTP handler (so its rate limits apply): set up with the password, confirm
 * with a first code, sign in with a code or a backup code, turn off with the password.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import QRCode from "qrcode";
import type { Database } from "../db/client.server";
import { verification } from "../db/schema.server";
import type { Outcome } from "../outcome.server";
import { type AuthResult, callAuth } from "./accounts.server";
import { getAuth } from "./auth.server";
import { authFailure } from "./auth-errors.server";

export interface TotpSetup {
  /** otpauth://totp/… for authenticator apps. */
  uri: string;
  /** The secret in base32, for typing into an app by hand. */
  key: string;
  /** The URI as an SVG QR code, as a data: URL. */
  qr: string;
}

/** The QR code and manual key of a TOTP URI; null for anything that is not one. */
export async function totpSetup(uri: string | undefined): Promise<TotpSetup | null> {
  if (!uri || uri.length > 1000 || !uri.startsWith("otpauth://totp/")) return null;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  const key = url.searchParams.get("secret");
  if (!key || !/^[A-Z2-7]+=*$/i.test(key)) return null;
  // Spaces as %20, not "+": some authenticator apps show a "+" in "Kopano+AI" literally.
  const query = [...url.searchParams]
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  const normalised = `otpauth://totp${url.pathname}?${query}`;
  const svg = await QRCode.toString(normalised, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return {
    uri: normalised,
    key,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

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

/** The backup codes of a user who has two-factor on (better-auth decrypts them). */
export async function backupCodesFor(userId: string): Promise<string[]> {
  const auth = await getAuth();
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return backupCodes;
}

/** Turn two-factor off (the password again). better-auth replaces the session. */
export async function disableTwoFactor(request: Request, password: string): Promise<Answer<null>> {
  const result = await callAuth(request, "/two-factor/disable", { password });
  if (!result.ok) return result;
  return { ok: true, value: null, headers: result.headers };
}

/** A six-digit code is from the app; anything else is tried as a backup code. */
export function isAppCode(code: string) {
  return /^\d{6}$/.test(code);
}

/** Sign-in's second step: finish the sign-in with an app code or a backup code. */
export function verifySignInCode(request: Request, code: string): Promise<AuthResult> {
  const path = isAppCode(code) ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  return callAuth(request, path, { code });
}

/** Did better-auth answer a sign-in with "now the second factor"? */
export function needsSecondFactor(body: unknown): boolean {
  return Boolean((body as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect);
}

/** Is a sign-in waiting for its second factor in this browser (better-auth's cookie)? */
export function hasPendingSecondFactor(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(
    request.headers.get("cookie") ?? "",
  );
}

// Turning two-factor on or off replaces the session, so Settings answers with a redirect (the
// page must load with the new session, also without JavaScript). A one-time cookie tells the
// next Settings page what just happened, and to show the backup codes once. The cookie holds
// only a random key; what it means (which user, on or off) is kept on the server for 5 minutes
// and used up by the first Settings page that reads it, so a cookie made or replayed by hand
// shows nothing.

const FLASH = "two_factor_flash";
const FLASH_SECONDS = 300;
export type TwoFactorNotice = "on" | "off";

const flashIdentifier = (key: string) => `two-factor-flash:${key}`;

/** Path=/portal, not /portal/settings: the page's data requests go to /portal/settings.data. */
export async function twoFactorFlashCookie(db: Database, notice: TwoFactorNotice, userId: string) {
  const key = randomBytes(32).toString("base64url");
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: flashIdentifier(key),
    value: `${notice}:${userId}`,
    expiresAt: new Date(Date.now() + FLASH_SECONDS * 1000),
  });
  return `${FLASH}=${key}; Path=/portal; Max-Age=${FLASH_SECONDS}; HttpOnly; SameSite=Lax`;
}

/** What the flash cookie says for this user (used up), and the header that clears it. */
export async function readTwoFactorFlash(db: Database, request: Request, userId: string) {
  const match = (request.headers.get("cookie") ?? "").match(
    new RegExp(`(?:^|;\\s*)${FLASH}=([^;]*)`),
  );
  if (!match) return { notice: null, clearHeader: null };
  const clearHeader = `${FLASH}=; Path=/portal; Max-Age=0; HttpOnly; SameSite=Lax`;
  const key = match[1] ?? "";
  if (!/^[A-Za-z0-9_-]{43}$/.test(key)) return { notice: null, clearHeader };
  const [row] = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, flashIdentifier(key)),
        inArray(verification.value, [`on:${userId}`, `off:${userId}`]),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ value: verification.value });
  const notice = row?.value.split(":")[0];
  return {
    notice: notice === "on" || notice === "off" ? (notice as TwoFactorNotice) : null,
    clearHeader,
  };
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
