/**
 * Two-factor authentication with an authenticator app (TOTP), through better-auth's twoFactor
 * plugin: the setup's QR code, the backup codes, which code is which, and the notice Settings
 * shows after it changed. Setting it up, confirming, signing in with a code and turning it off
 * go through better-auth's HTTP handler as the browser (routes/auth/accounts.server.ts), so its
 * rate limits apply.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import QRCode from "qrcode";
import type { Database } from "../db/client.server";
import { verification } from "../db/schema.server";
import { getAuth } from "./auth.server";

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

/** The backup codes of a user who has two-factor on (better-auth decrypts them). */
export async function backupCodesFor(userId: string): Promise<string[]> {
  const auth = await getAuth();
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return backupCodes;
}

/** A six-digit code is from the app; anything else is tried as a backup code. */
export function isAppCode(code: string) {
  return /^\d{6}$/.test(code);
}

/** Did better-auth answer a sign-in with "now the second factor"? */
export function needsSecondFactor(body: unknown): boolean {
  return Boolean((body as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect);
}

// Turning two-factor on or off replaces the session, so Settings answers with a redirect (the
// page must load with the new session, also without JavaScript). A one-time cookie
// (routes/auth/accounts.server.ts) tells the next Settings page what just happened, and to show
// the backup codes once. The cookie holds only a random key; what it means (which user, on or
// off) is kept here for FLASH_SECONDS and used up by the first Settings page that reads it, so a
// cookie made or replayed by hand shows nothing.

export type TwoFactorNotice = "on" | "off";

/** How long the notice waits for the Settings page. */
export const FLASH_SECONDS = 300;

const flashIdentifier = (key: string) => `two-factor-flash:${key}`;

/** Keep the notice for this user; the key the cookie carries. */
export async function saveTwoFactorNotice(db: Database, notice: TwoFactorNotice, userId: string) {
  const key = randomBytes(32).toString("base64url");
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: flashIdentifier(key),
    value: `${notice}:${userId}`,
    expiresAt: new Date(Date.now() + FLASH_SECONDS * 1000),
  });
  return key;
}

/** The notice a key names for this user (used up), or null for any other key. */
export async function takeTwoFactorNotice(
  db: Database,
  key: string,
  userId: string,
): Promise<TwoFactorNotice | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(key)) return null;
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
  return notice === "on" || notice === "off" ? notice : null;
}
