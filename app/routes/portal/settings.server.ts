/**
 * The Settings page's forms, one handler per `intent` (no intent: the Profile form): parse with
 * the form's shared schema, call one domain function, answer with an `ActionResult` naming the
 * intent, so the page shows the answer by the form that was sent.
 */
import { failed, succeeded } from "~/lib/action-result";
import { NO_PERMISSION } from "~/lib/portal-text";
import {
  addressConfirmationSent,
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
  signUpPolicySchema,
  type TotpSetupView,
  type TwoFactorStep,
} from "~/lib/validation/account";
import { clientNameSchema } from "~/lib/validation/clients";
import {
  displayWhatsAppNumber,
  reviewReminderSchema,
  whatsappCodeSchema,
  whatsappNumberSchema,
} from "~/lib/validation/notifications";
import { profileSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { deletePasskey, renamePasskey } from "~/server/accounts/passkeys.server";
import { updateFullName } from "~/server/accounts/profiles.server";
import {
  setRequireAdminTwoFactor,
  setSignUpPolicy,
} from "~/server/accounts/security-policy.server";
import { revokeOtherSessions, revokeSession } from "~/server/accounts/sessions.server";
import { type TwoFactorNotice, totpSetup } from "~/server/accounts/two-factor.server";
import { renameClient } from "~/server/clients/clients.server";
import { now } from "~/server/clock.server";
import { emailChangeNoticeMail, queueAccountMail } from "~/server/email/account-mail.server";
import { setNotificationChoices } from "~/server/notifications/notifications.server";
import { setReviewReminderDays } from "~/server/notifications/reminders.server";
import {
  confirmWhatsAppNumber,
  optOutOfWhatsApp,
  startWhatsAppOptIn,
  WHATSAPP_TEXTS,
  whatsappConfig,
} from "~/server/notifications/whatsapp.server";
import {
  backupCodesAfterPassword,
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  requestAddressConfirmation,
  requestEmailChange,
  startTwoFactorSetup,
  twoFactorFlashCookie,
} from "../auth/accounts.server";
import { type Form, UNKNOWN_ACTION } from "../form.server";
import { redirectWithToast } from "../toast.server";
import { assertCanWrite, type PortalContext } from "./context.server";
import { deleteAccountAction } from "./delete-account.server";

type Answer =
  | ReturnType<typeof succeeded<{ intent: string }>>
  | ReturnType<typeof failed<{ intent: string }>>
  | Response;
type Handler = (ctx: PortalContext, form: Form, request: Request) => Promise<Answer>;

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
      inPage: true, // the two-factor card says it (without JavaScript too)
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
  return failed(400, UNKNOWN_ACTION, { intent: "two-factor" });
}

const handlers: Record<string, Handler> = {
  "two-factor": twoFactorAction,
  "delete-account": deleteAccountAction,

  async profile({ db, user }, form) {
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "profile" });
    await updateFullName(db, user.id, parsed.data.fullName);
    return succeeded("Profile updated successfully", { intent: "profile" });
  },

  async "company-name"(ctx, form) {
    assertCanWrite(ctx);
    // Administrators rename a client on its page (Clients).
    if (ctx.isStaff || !ctx.clientId) return failed(403, NO_PERMISSION, { intent: "company-name" });
    const parsed = clientNameSchema.safeParse(form);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "company-name" });
    const renamed = await renameClient(
      ctx.db,
      ctx.scope,
      ctx.user.id,
      ctx.clientId,
      parsed.data.name,
    );
    if (!renamed.ok) return failed(renamed.status, renamed.message, { intent: "company-name" });
    return succeeded("Company name updated successfully", { intent: "company-name" });
  },

  async "notification-choices"(ctx, form) {
    assertCanWrite(ctx);
    const on = new Set(Object.keys(form).filter((name) => form[name] === "on"));
    await setNotificationChoices(ctx.db, ctx.user.id, on);
    return succeeded("Notification choices saved", { intent: "notification-choices" });
  },

  // WhatsApp (decision 078): a number, confirmed by a code sent to it; off in one click.
  async "whatsapp-number"(ctx, form) {
    const intent = "whatsapp-number";
    assertCanWrite(ctx);
    const config = whatsappConfig();
    if (!config) return failed(404, UNKNOWN_ACTION, { intent });
    const parsed = whatsappNumberSchema.safeParse(form);
    if (!parsed.success) {
      return failed(400, firstIssue(parsed.error).message, {
        intent,
        field: "whatsappNumber",
        values: { whatsappNumber: form.whatsappNumber ?? "" },
      });
    }
    const started = await startWhatsAppOptIn(
      ctx.db,
      ctx.user.id,
      parsed.data.whatsappNumber,
      now(),
      config,
    );
    if (!started.ok) return failed(started.status, started.message, { intent });
    return succeeded(WHATSAPP_TEXTS.codeSent(displayWhatsAppNumber(parsed.data.whatsappNumber)), {
      intent,
    });
  },

  async "whatsapp-code"(ctx, form) {
    const intent = "whatsapp-code";
    assertCanWrite(ctx);
    if (!whatsappConfig()) return failed(404, UNKNOWN_ACTION, { intent });
    const parsed = whatsappCodeSchema.safeParse(form);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent, field: "code" });
    const confirmed = await confirmWhatsAppNumber(ctx.db, ctx.user.id, parsed.data.code, now());
    if (!confirmed.ok)
      return failed(confirmed.status, confirmed.message, { intent, field: "code" });
    return succeeded(WHATSAPP_TEXTS.confirmed, { intent });
  },

  async "whatsapp-off"(ctx) {
    assertCanWrite(ctx);
    await optOutOfWhatsApp(ctx.db, ctx.user.id, now());
    return succeeded(WHATSAPP_TEXTS.optedOut, { intent: "whatsapp-off" });
  },

  async "review-reminder-days"(ctx, form) {
    assertCanWrite(ctx);
    if (!ctx.isAdmin) return failed(403, NO_PERMISSION, { intent: "review-reminder-days" });
    const parsed = reviewReminderSchema.safeParse(form);
    if (!parsed.success) {
      return failed(400, firstIssue(parsed.error).message, {
        intent: "review-reminder-days",
        field: "reviewReminderDays",
      });
    }
    await setReviewReminderDays(ctx.db, parsed.data.reviewReminderDays, ctx.user.id);
    return succeeded("Reminder saved", { intent: "review-reminder-days" });
  },

  async "change-password"({ db, user, sessionId }, form, request) {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "change-password" });
    const { currentPassword, newPassword, signOutOthers } = parsed.data;
    const result = await changePassword(request, currentPassword, newPassword);
    if (!result.ok) return failed(result.status, result.message, { intent: "change-password" });
    if (signOutOthers) await revokeOtherSessions(db, user.id, sessionId);
    return succeeded("Password changed successfully", { intent: "change-password" });
  },

  // Without JavaScript the add form lands here: WebAuthn needs the browser's script.
  async "add-passkey"() {
    return failed(400, PASSKEY_NEEDS_JS, { intent: "add-passkey" });
  },

  async "delete-passkey"({ db, user }, form) {
    const parsed = passkeyIdSchema.safeParse(form.passkeyId);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "delete-passkey" });
    const deleted = await deletePasskey(db, user.id, parsed.data);
    if (!deleted.ok) return failed(deleted.status, deleted.message, { intent: "delete-passkey" });
    return succeeded("Passkey removed", { intent: "delete-passkey" });
  },

  async "rename-passkey"({ db, user }, form) {
    const parsed = renamePasskeySchema.safeParse(form);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "rename-passkey" });
    const { passkeyId, name } = parsed.data;
    const renamed = await renamePasskey(db, user.id, passkeyId, name);
    if (!renamed.ok) return failed(renamed.status, renamed.message, { intent: "rename-passkey" });
    return succeeded("Passkey renamed", { intent: "rename-passkey" });
  },

  async "security-policy"({ db, user }, form) {
    const parsed = securityPolicySchema.safeParse(form);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "security-policy" });
    const result = await setRequireAdminTwoFactor(db, user, parsed.data.requireAdminTwoFactor);
    if (!result.ok) return failed(result.status, result.message, { intent: "security-policy" });
    return succeeded(
      result.policy.requireAdminTwoFactor
        ? "Administrators must now use two-factor authentication"
        : "Two-factor authentication is now optional for administrators",
      { intent: "security-policy" },
    );
  },

  async "sign-up-policy"({ db, user }, form) {
    const intent = "sign-up-policy";
    const parsed = signUpPolicySchema.safeParse(form);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message, { intent });
    const result = await setSignUpPolicy(db, user, parsed.data.signUpPolicy);
    if (!result.ok) return failed(result.status, result.message, { intent });
    return succeeded(
      parsed.data.signUpPolicy === "anyone"
        ? "Anyone can now create an account"
        : "Accounts are now by invitation only",
      { intent },
    );
  },

  async "change-email"({ db, user }, form, request) {
    const parsed = changeEmailSchema.safeParse(form);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "change-email" });
    const { newEmail } = parsed.data;
    const result = await requestEmailChange(request, newEmail);
    if (!result.ok) return failed(result.status, result.message, { intent: "change-email" });
    // The current address hears about it too, in case it was not its owner asking.
    await queueAccountMail(
      db,
      emailChangeNoticeMail({ email: user.email, name: user.fullName }, newEmail),
    );
    return succeeded(emailChangeRequested(newEmail), { intent: "change-email" });
  },

  // The link that confirms the account's own address (decision 034).
  async "confirm-email"({ user }, _form, request) {
    const result = await requestAddressConfirmation(request);
    if (!result.ok) return failed(result.status, result.message, { intent: "confirm-email" });
    return succeeded(addressConfirmationSent(user.email), { intent: "confirm-email" });
  },

  async "revoke-session"({ db, user, sessionId }, form) {
    const parsed = sessionIdSchema.safeParse(form.sessionId);
    if (!parsed.success)
      return failed(400, firstIssue(parsed.error).message, { intent: "revoke-session" });
    const revoked = await revokeSession(db, user.id, parsed.data, sessionId);
    if (!revoked.ok) return failed(revoked.status, revoked.message, { intent: "revoke-session" });
    return succeeded("Session signed out successfully", { intent: "revoke-session" });
  },

  async "revoke-other-sessions"({ db, user, sessionId }) {
    const count = await revokeOtherSessions(db, user.id, sessionId);
    return succeeded(
      count === 1 ? "1 other session signed out" : `${count} other sessions signed out`,
      { intent: "revoke-other-sessions" },
    );
  },
};

export async function settingsAction(ctx: PortalContext, form: Form, request: Request) {
  const intent = form.intent ?? "profile";
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return failed(400, UNKNOWN_ACTION, { intent });
  return handler(ctx, form, request);
}
