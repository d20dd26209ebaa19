/**
 * The Settings page's forms, one handler per `intent` (no intent: the Profile form): parse with
 * the form's shared schema, call one domain function, answer with an `ActionResult` naming the
 * intent, so the page shows the answer by the form that was sent.
 */
import { failed, succeeded } from "~/lib/action-result";
import { NO_PERMISSION } from "~/lib/portal-text";
import {
  authCodeSchema,
  changeEmailSchema,
  changePasswordSchema,
  emailChangeRequested,
  PASSKEY_NEEDS_JS,
  passkeyIdSchema,
  passwordConfirmSchema,
  renamePasskeySchema,
  securityPolicySchema,
  sessionIdSchema,
  type TotpSetupView,
  type TwoFactorStep,
} from "~/lib/validation/account";
import { clientNameSchema, messageMailSchema } from "~/lib/validation/clients";
import { profileSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { redirectWithToast } from "~/routes/toast.server";
import { changePassword, requestEmailChange } from "~/server/accounts/accounts.server";
import { deletePasskey, renamePasskey } from "~/server/accounts/passkeys.server";
import { setMessageMail, updateFullName } from "~/server/accounts/profiles.server";
import { setRequireAdminTwoFactor } from "~/server/accounts/security-policy.server";
import { revokeOtherSessions, revokeSession } from "~/server/accounts/sessions.server";
import {
  backupCodesAfterPassword,
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactorSetup,
  type TwoFactorNotice,
  totpSetup,
  twoFactorFlashCookie,
} from "~/server/accounts/two-factor.server";
import { renameClient } from "~/server/clients/clients.server";
import { emailChangeNoticeMail, queueAccountMail } from "~/server/email/account-mail.server";
import { deleteAccountAction } from "~/server/privacy/privacy-forms.server";
import { assertCanWrite, type PortalContext } from "./context.server";

type Form = Record<string, string | undefined>;
type Answer =
  | ReturnType<typeof succeeded<{ intent: string }>>
  | ReturnType<typeof failed<{ intent: string }>>
  | Response;
type Handler = (ctx: PortalContext, form: Form, request: Request) => Promise<Answer>;

export const ADMINS_ALWAYS_MAILED =
  "Administrators are always e-mailed about new messages from clients.";

export function done(intent: string, success: string) {
  return succeeded(success, { intent });
}

export function fail(intent: string, error: string, status: number) {
  return failed(status, error, { intent });
}

/** The two-factor card's answers carry the step, and on failure to confirm, the setup again. */
function twoFactorAnswer(
  step: TwoFactorStep,
  outcome: { success: string } | { error: string; status: number },
  extra: { setup?: TotpSetupView; backupCodes?: string[]; headers?: Headers } = {},
) {
  const details = {
    intent: "two-factor",
    step,
    setup: extra.setup,
    ...(extra.backupCodes ? { backupCodes: extra.backupCodes } : {}),
  };
  return "success" in outcome
    ? succeeded(outcome.success, details, { headers: extra.headers })
    : failed(outcome.status, outcome.error, details);
}

/** Back to Settings with the replaced session's cookie, a 'Success' toast and the flash. */
async function twoFactorChanged(
  db: PortalContext["db"],
  notice: TwoFactorNotice,
  userId: string,
  sessionHeaders: Headers,
) {
  const headers = new Headers(sessionHeaders);
  headers.append("Set-Cookie", await twoFactorFlashCookie(db, notice, userId));
  return redirectWithToast(
    "/portal/settings",
    {
      type: "success",
      title: "Success",
      description: `Two-factor authentication turned ${notice}`,
    },
    headers,
  );
}

async function twoFactorAction({ db, user }: PortalContext, form: Form, request: Request) {
  const step = form.step as TwoFactorStep;
  if (step === "show-codes") {
    // The backup codes again, only with the password.
    const parsed = passwordConfirmSchema.safeParse(form);
    if (!parsed.success) {
      return twoFactorAnswer(step, { error: firstIssue(parsed.error).message, status: 400 });
    }
    const result = await backupCodesAfterPassword(
      request,
      user.id,
      user.twoFactorEnabled,
      parsed.data.password,
    );
    if (!result.ok) {
      return twoFactorAnswer(step, { error: result.message, status: result.status });
    }
    return twoFactorAnswer(
      step,
      { success: "Your backup codes are shown below." },
      { backupCodes: result.value, headers: result.headers },
    );
  }
  if (step === "enable" || step === "disable") {
    const parsed = passwordConfirmSchema.safeParse(form);
    if (!parsed.success) {
      return twoFactorAnswer(step, { error: firstIssue(parsed.error).message, status: 400 });
    }
    if (step === "disable") {
      const result = await disableTwoFactor(request, parsed.data.password);
      if (!result.ok) {
        return twoFactorAnswer(step, { error: result.message, status: result.status });
      }
      return twoFactorChanged(db, "off", user.id, result.headers);
    }
    const result = await startTwoFactorSetup(request, parsed.data.password);
    if (!result.ok) {
      return twoFactorAnswer(step, { error: result.message, status: result.status });
    }
    return twoFactorAnswer(
      step,
      { success: "Scan the QR code with your authenticator app, then enter the code it shows." },
      { setup: result.value, headers: result.headers },
    );
  }
  if (step === "confirm") {
    // The setup shown again if the code is wrong (it is only ever the user's own).
    const setup = (await totpSetup(form.totpURI)) ?? undefined;
    const parsed = authCodeSchema.safeParse(form);
    if (!parsed.success) {
      return twoFactorAnswer(
        step,
        { error: firstIssue(parsed.error).message, status: 400 },
        { setup },
      );
    }
    const result = await confirmTwoFactor(request, parsed.data.code);
    if (!result.ok) {
      return twoFactorAnswer(step, { error: result.message, status: result.status }, { setup });
    }
    return twoFactorChanged(db, "on", user.id, result.headers);
  }
  return fail("two-factor", "Unknown action", 400);
}

const handlers: Record<string, Handler> = {
  "two-factor": twoFactorAction,
  "delete-account": deleteAccountAction,

  async profile({ db, user }, form) {
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) return fail("profile", firstIssue(parsed.error).message, 400);
    await updateFullName(db, user.id, parsed.data.fullName);
    return done("profile", "Profile updated successfully");
  },

  async "company-name"(ctx, form) {
    assertCanWrite(ctx);
    // Administrators rename a client on its page (Clients).
    if (ctx.isAdmin || !ctx.clientId) return fail("company-name", NO_PERMISSION, 403);
    const parsed = clientNameSchema.safeParse(form);
    if (!parsed.success) return fail("company-name", firstIssue(parsed.error).message, 400);
    const renamed = await renameClient(
      ctx.db,
      ctx.scope,
      ctx.user.id,
      ctx.clientId,
      parsed.data.name,
    );
    if (!renamed.ok) return fail("company-name", renamed.message, renamed.status);
    return done("company-name", "Company name updated successfully");
  },

  async "message-mail"(ctx, form) {
    assertCanWrite(ctx);
    if (ctx.isAdmin) return fail("message-mail", ADMINS_ALWAYS_MAILED, 403);
    const parsed = messageMailSchema.safeParse(form);
    if (!parsed.success) return fail("message-mail", firstIssue(parsed.error).message, 400);
    await setMessageMail(ctx.db, ctx.user.id, parsed.data.messageMail);
    return done(
      "message-mail",
      parsed.data.messageMail
        ? "You'll get an e-mail when a new message arrives"
        : "You won't get e-mails about new messages",
    );
  },

  async "change-password"({ db, user, sessionId }, form, request) {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return fail("change-password", firstIssue(parsed.error).message, 400);
    const { currentPassword, newPassword, signOutOthers } = parsed.data;
    const result = await changePassword(request, currentPassword, newPassword);
    if (!result.ok) return fail("change-password", result.message, result.status);
    if (signOutOthers) await revokeOtherSessions(db, user.id, sessionId);
    return done("change-password", "Password changed successfully");
  },

  // Without JavaScript the add form lands here: WebAuthn needs the browser's script.
  async "add-passkey"() {
    return fail("add-passkey", PASSKEY_NEEDS_JS, 400);
  },

  async "delete-passkey"({ db, user }, form) {
    const parsed = passkeyIdSchema.safeParse(form.passkeyId);
    if (!parsed.success) return fail("delete-passkey", firstIssue(parsed.error).message, 400);
    const deleted = await deletePasskey(db, user.id, parsed.data);
    if (!deleted.ok) return fail("delete-passkey", deleted.message, deleted.status);
    return done("delete-passkey", "Passkey removed");
  },

  async "rename-passkey"({ db, user }, form) {
    const parsed = renamePasskeySchema.safeParse(form);
    if (!parsed.success) return fail("rename-passkey", firstIssue(parsed.error).message, 400);
    const { passkeyId, name } = parsed.data;
    const renamed = await renamePasskey(db, user.id, passkeyId, name);
    if (!renamed.ok) return fail("rename-passkey", renamed.message, renamed.status);
    return done("rename-passkey", "Passkey renamed");
  },

  async "security-policy"({ db, user }, form) {
    const parsed = securityPolicySchema.safeParse(form);
    if (!parsed.success) return fail("security-policy", firstIssue(parsed.error).message, 400);
    const result = await setRequireAdminTwoFactor(db, user, parsed.data.requireAdminTwoFactor);
    if (!result.ok) return fail("security-policy", result.message, result.status);
    return done(
      "security-policy",
      result.policy.requireAdminTwoFactor
        ? "Administrators must now use two-factor authentication"
        : "Two-factor authentication is now optional for administrators",
    );
  },

  async "change-email"({ db, user }, form, request) {
    const parsed = changeEmailSchema.safeParse(form);
    if (!parsed.success) return fail("change-email", firstIssue(parsed.error).message, 400);
    const { newEmail } = parsed.data;
    const result = await requestEmailChange(request, newEmail);
    if (!result.ok) return fail("change-email", result.message, result.status);
    // The current address hears about it too, in case it was not its owner asking.
    await queueAccountMail(
      db,
      emailChangeNoticeMail({ email: user.email, name: user.fullName }, newEmail),
    );
    return done("change-email", emailChangeRequested(newEmail));
  },

  async "revoke-session"({ db, user, sessionId }, form) {
    const parsed = sessionIdSchema.safeParse(form.sessionId);
    if (!parsed.success) return fail("revoke-session", firstIssue(parsed.error).message, 400);
    const revoked = await revokeSession(db, user.id, parsed.data, sessionId);
    if (!revoked.ok) return fail("revoke-session", revoked.message, revoked.status);
    return done("revoke-session", "Session signed out successfully");
  },

  async "revoke-other-sessions"({ db, user, sessionId }) {
    const count = await revokeOtherSessions(db, user.id, sessionId);
    return done(
      "revoke-other-sessions",
      count === 1 ? "1 other session signed out" : `${count} other sessions signed out`,
    );
  },
};

export async function settingsAction(ctx: PortalContext, form: Form, request: Request) {
  const intent = form.intent ?? "profile";
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return fail(intent, "Unknown action", 400);
  return handler(ctx, form, request);
}
