/**
 * The privacy forms' handlers, for thin routes: delete my account (Settings), ask us to delete
 * my details (contact page) and its confirmation link, unsubscribe, download my data. They answer
 * like the Settings forms: `{ ok, success }` or `{ error }` with a 4xx, or a redirect.
 */
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { type ActionResult, failed, succeeded } from "~/lib/action-result";
import { formatLongDate } from "~/lib/dates";
import {
  DELETE_ACCOUNT_INTENT,
  deleteAccountCodeSchema,
  deleteAccountSchema,
  ERASE_LINK_INVALID,
  eraseDetailsSchema,
  UNSUBSCRIBE_LINK_INVALID,
} from "~/lib/validation/privacy";
import { firstIssue } from "~/lib/validation/zod";
import type { PortalContext } from "~/routes/portal/context.server";
import { notFound } from "~/routes/refuse.server";
import { redirectWithToast } from "~/routes/toast.server";
import { signOut } from "../accounts/accounts.server";
import { getAuth } from "../accounts/auth.server";
import { verifySignInCode } from "../accounts/two-factor.server";
import { now } from "../clock.server";
import { type Database, getDb } from "../db/client.server";
import { session } from "../db/schema.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { publish } from "../workspace/events.server";
import {
  ERASE_REQUEST_ANSWER,
  eraseLead,
  eraseLeadsOf,
  overPrivacyLimit,
  recordMarketingConsent,
  requestAccountDeletion,
  requestLeadErasure,
  verifyLink,
  withdrawMarketingConsent,
} from "./privacy.server";
import { collectPersonalData, personalDataZip } from "./privacy-export.server";

type Form = Record<string, string | undefined>;

/** After sign-up: the marketing box was ticked (the privacy notice is recorded by sign-up). */
export async function recordSignUpMarketing(body: unknown, email: string) {
  const userId = (body as { user?: { id?: unknown } } | null)?.user?.id;
  if (typeof userId !== "string") return;
  await recordMarketingConsent(await getDb(), { userId, email, source: "sign-up", now: now() });
}

// --- Download my data ------------------------------------------------------------------------

export async function downloadMyData({ db, user }: PortalContext) {
  const at = now();
  const personal = await collectPersonalData(db, user.id, at);
  if (!personal) throw notFound("Account not found");
  const zip = personalDataZip(personal);
  const name = `my-data-${at.toISOString().slice(0, 10)}.zip`;
  return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

// --- Delete my account ----------------------------------------------------------------------

function deleteFailed(error: string, status: number) {
  return failed(status, error, { intent: DELETE_ACCOUNT_INTENT });
}

/**
 * Check the password (and the authenticator code when two-factor is on), schedule the erasure
 * after the grace period, end every session and leave for the sign-in page, which says when.
 */
export async function deleteAccountAction(ctx: PortalContext, form: Form, request: Request) {
  const { db, user } = ctx;
  const parsed = deleteAccountSchema.safeParse(form);
  if (!parsed.success) return deleteFailed(firstIssue(parsed.error).message, 400);
  let code: string | null = null;
  if (user.twoFactorEnabled) {
    const codeParsed = deleteAccountCodeSchema.safeParse(form);
    if (!codeParsed.success) return deleteFailed(firstIssue(codeParsed.error).message, 400);
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
  if (over) return deleteFailed("Too many attempts. Please wait a minute and try again.", 429);

  const auth = await getAuth();
  try {
    await auth.api.verifyPassword({
      body: { password: parsed.data.password },
      headers: request.headers,
    });
  } catch {
    return deleteFailed("Password is incorrect", 400);
  }
  if (code) {
    const verified = await verifySignInCode(request, code);
    if (!verified.ok) return deleteFailed(verified.message, verified.status);
  }

  const pending = await requestAccountDeletion(db, user.id, at);
  const ended = await db
    .delete(session)
    .where(eq(session.userId, user.id))
    .returning({ id: session.id });
  publish({ kind: "session-ended", userIds: [user.id], sessionIds: ended.map((s) => s.id) });
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
    description: `Your account will be deleted on ${formatLongDate(match[1])}. Sign in before then to cancel.`,
  };
}

// --- Leads -------------------------------------------------------------------------------------

/** An administrator erases a lead (the lead page's confirmation dialog); back to the list. */
export async function eraseLeadAction(db: Database, id: string) {
  if (!(await eraseLead(db, id))) return failed(404, "Lead not found");
  return redirectWithToast("/portal/leads", {
    type: "success",
    title: "Success",
    description: "Lead erased",
  });
}

// --- Ask us to delete my details (leads) ------------------------------------------------------

export type EraseRequestResult = ActionResult;

export async function requestEraseDetails(request: Request, form: Form) {
  const email = form.email ?? "";
  const parsed = eraseDetailsSchema.safeParse({ email });
  if (!parsed.success) {
    return failed(400, firstIssue(parsed.error).message, { field: "email", values: { email } });
  }
  const settings = env();
  const db = await getDb();
  const result = await requestLeadErasure(
    db,
    {
      email: parsed.data.email,
      ip: request.headers.get("x-client-ip"),
      baseUrl: settings.BASE_URL,
      now: now(),
    },
    { perEmail: settings.LEAD_RATE_LIMIT_EMAIL, perIp: settings.LEAD_RATE_LIMIT_IP },
  );
  if (!result.ok) {
    return failed(429, result.error, { values: { email } });
  }
  return succeeded(ERASE_REQUEST_ANSWER);
}

/** The confirmation page: whose details the link names (nothing is erased on GET). */
export function eraseLinkEmail(token: string | null) {
  return verifyLink("erase-leads", token, now());
}

export async function confirmEraseDetails(form: Form) {
  const email = verifyLink("erase-leads", form.token, now());
  if (!email) return failed(400, ERASE_LINK_INVALID);
  const count = await eraseLeadsOf(await getDb(), email);
  logger.info({ leads: count }, "leads erased on request");
  return succeeded(`The details sent from ${email} have been deleted.`);
}

// --- Unsubscribe ------------------------------------------------------------------------------

export function unsubscribeLinkEmail(token: string | null) {
  return verifyLink("unsubscribe", token, now());
}

export async function unsubscribe(form: Form) {
  const email = verifyLink("unsubscribe", form.token, now());
  if (!email) return failed(400, UNSUBSCRIBE_LINK_INVALID);
  await withdrawMarketingConsent(await getDb(), email, now());
  return succeeded(`${email} will get no more marketing e-mail from us.`);
}
