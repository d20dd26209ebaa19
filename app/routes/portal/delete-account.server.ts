/**
 * Settings → 'Delete my account' (POPIA, decision 014): check the password (and the
 * authenticator code when two-factor is on), schedule the erasure after the grace period, end
 * every session and leave for the sign-in page, which says when (a cookie, read there).
 */
import { redirect } from "react-router";
import { failed } from "~/lib/action-result";
import { formatDate } from "~/lib/dates";
import {
  DELETE_ACCOUNT_INTENT,
  deleteAccountCodeSchema,
  deleteAccountSchema,
} from "~/lib/validation/privacy";
import { firstIssue } from "~/lib/validation/zod";
import { getAuth } from "~/server/accounts/auth.server";
import { requestAccountDeletion } from "~/server/accounts/deletion.server";
import { endAllSessions } from "~/server/accounts/sessions.server";
import { now } from "~/server/clock.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { overPrivacyLimit } from "~/server/privacy/privacy.server";
import { signOut, verifySignInCode } from "../auth/accounts.server";
import type { Form } from "../form.server";
import type { PortalContext } from "./context.server";

/** The form's handler (Settings hands it `intent=delete-account`). */
export async function deleteAccountAction(ctx: PortalContext, form: Form, request: Request) {
  const { db, user } = ctx;
  const intent = DELETE_ACCOUNT_INTENT;
  const parsed = deleteAccountSchema.safeParse(form);
  if (!parsed.success) return failed(400, firstIssue(parsed.error).message, { intent });
  let code: string | null = null;
  if (user.twoFactorEnabled) {
    const codeParsed = deleteAccountCodeSchema.safeParse(form);
    if (!codeParsed.success) return failed(400, firstIssue(codeParsed.error).message, { intent });
    code = codeParsed.data.code;
  }
  const at = now();
  const limit = env().AUTH_RATE_LIMIT;
  const over = await overPrivacyLimit(
    db,
    "delete-account",
    user.id,
    request.headers.get("x-client-ip"),
    { perKey: limit, perIp: limit, windowMs: 60_000 },
    at,
  );
  if (over)
    return failed(429, "Too many attempts. Please wait a minute and try again.", { intent });

  const auth = await getAuth();
  try {
    await auth.api.verifyPassword({
      body: { password: parsed.data.password },
      headers: request.headers,
    });
  } catch {
    return failed(400, "Password is incorrect", { intent });
  }
  if (code) {
    const verified = await verifySignInCode(request, code);
    if (!verified.ok) return failed(verified.status, verified.message, { intent });
  }

  const pending = await requestAccountDeletion(db, user.id, at);
  if (!pending.ok) return failed(pending.status, pending.message, { intent });
  await endAllSessions(db, user.id);
  // signOut clears the session cookie under better-auth's own name (__Secure- on https).
  const headers = await signOut(request);
  headers.append("Set-Cookie", deletionScheduledCookie(pending.dueAt));
  logger.info({ userId: user.id, dueAt: pending.dueAt }, "account deletion requested");
  return redirect("/auth", { headers });
}

// Not a one-time toast: this browser's open portal tabs also land on /auth when the sessions
// end, and whichever page loads last must still say it. Signing in clears it.
const SCHEDULED_COOKIE = "account_deletion";

function deletionScheduledCookie(dueAt: Date) {
  return `${SCHEDULED_COOKIE}=${dueAt.toISOString().slice(0, 10)}; Path=/; Max-Age=300; HttpOnly; SameSite=Lax`;
}

export const CLEAR_DELETION_SCHEDULED = `${SCHEDULED_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The sign-in page's notice after 'Delete my account' (null without the cookie). */
export function deletionScheduledToast(request: Request) {
  const match = (request.headers.get("cookie") ?? "").match(
    new RegExp(`(?:^|;\\s*)${SCHEDULED_COOKIE}=(\\d{4}-\\d{2}-\\d{2})(?:;|$)`),
  );
  if (!match?.[1]) return null;
  return {
    type: "message" as const,
    title: "Account deletion scheduled",
    description: `Your account will be deleted on ${formatDate(match[1])}. Sign in before then to cancel.`,
  };
}
