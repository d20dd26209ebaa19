/**
 * Two-factor authentication with an authenticator app (TOTP), through better-auth's twoFactor
 * plugin and its HTTP handler (so its rate limits apply): set up with the password, confirm
 * with a first code, sign in with a code or a backup code, turn off with the password.
 */
import QRCode from "qrcode";
import { type AuthResult, callAuth } from "./accounts.server";
import { getAuth } from "./auth.server";
import { type AuthFailure, authFailure } from "./auth-errors.server";

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

type Outcome<T> = { ok: true; value: T; headers: Headers } | AuthFailure;

/** Step 1: check the password and create a new (unconfirmed) secret. */
export async function startTwoFactorSetup(
  request: Request,
  password: string,
): Promise<Outcome<TotpSetup>> {
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
export async function confirmTwoFactor(request: Request, code: string): Promise<Outcome<true>> {
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
export async function disableTwoFactor(request: Request, password: string): Promise<Outcome<null>> {
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
// next Settings page what just happened, and to show the backup codes once.

const FLASH = "two_factor_flash";
export type TwoFactorNotice = "on" | "off";

/** Path=/portal, not /portal/settings: the page's data requests go to /portal/settings.data. */
export function twoFactorFlashCookie(notice: TwoFactorNotice, userId: string) {
  return `${FLASH}=${notice}.${encodeURIComponent(userId)}; Path=/portal; Max-Age=300; HttpOnly; SameSite=Lax`;
}

/** What the flash cookie says for this user, and the header that clears it. */
export function readTwoFactorFlash(request: Request, userId: string) {
  const match = (request.headers.get("cookie") ?? "").match(
    new RegExp(`(?:^|;\\s*)${FLASH}=(on|off)\\.([^;]+)`),
  );
  if (!match) return { notice: null, clearHeader: null };
  const clearHeader = `${FLASH}=; Path=/portal; Max-Age=0; HttpOnly; SameSite=Lax`;
  const notice =
    decodeURIComponent(match[2] ?? "") === userId ? (match[1] as TwoFactorNotice) : null;
  return { notice, clearHeader };
}
