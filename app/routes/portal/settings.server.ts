/**
 * The Settings page's forms, one handler per `intent`: parse with the form's shared schema,
 * call one domain function, answer with a 'Success' text or an error.
 */
import { data, redirect } from "react-router";
import {
  authCodeSchema,
  changeEmailSchema,
  changePasswordSchema,
  emailChangeRequested,
  PASSKEY_NEEDS_JS,
  passkeyIdSchema,
  passwordConfirmSchema,
  renamePasskeySchema,
  type SettingsResult,
  securityPolicySchema,
  sessionIdSchema,
  type TwoFactorResult,
  type TwoFactorStep,
} from "~/lib/validation/account";
import { profileSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { changePassword, requestEmailChange } from "~/server/accounts.server";
import { emailChangeNoticeMail, queueAccountMail } from "~/server/email/account-mail.server";
import { deletePasskey, renamePasskey } from "~/server/passkeys.server";
import type { PortalContext } from "~/server/portal.server";
import { updateFullName } from "~/server/profiles.server";
import { setRequireAdminTwoFactor } from "~/server/security-policy.server";
import { revokeOtherSessions, revokeSession } from "~/server/sessions.server";
import { toastCookie } from "~/server/toast.server";
import {
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactorSetup,
  type TwoFactorNotice,
  totpSetup,
  twoFactorFlashCookie,
} from "~/server/two-factor.server";

type Form = Record<string, string | undefined>;
type Outcome = SettingsResult | { ok: true; success: string } | { error: string };
type Answer = Outcome | ReturnType<typeof data<Outcome>> | Response;
type Handler = (ctx: PortalContext, form: Form, request: Request) => Promise<Answer>;

export function done(intent: string, success: string) {
  return { intent, ok: true as const, success };
}

export function fail(intent: string, error: string, status: number) {
  return data<SettingsResult>({ intent, error }, { status });
}

/** The two-factor card's answers carry the step, and on failure to confirm, the setup again. */
function twoFactorAnswer(
  step: TwoFactorStep,
  body: ({ ok: true; success: string } | { error: string }) & Pick<TwoFactorResult, "setup">,
  init?: { status?: number; headers?: Headers },
) {
  return data({ intent: "two-factor", step, ...body } as TwoFactorResult, init);
}

/** Back to Settings with the replaced session's cookie, a 'Success' toast and the flash. */
function twoFactorChanged(notice: TwoFactorNotice, userId: string, sessionHeaders: Headers) {
  const headers = new Headers(sessionHeaders);
  headers.append(
    "Set-Cookie",
    toastCookie({
      type: "success",
      title: "Success",
      description: `Two-factor authentication turned ${notice}`,
    }),
  );
  headers.append("Set-Cookie", twoFactorFlashCookie(notice, userId));
  return redirect("/portal/settings", { headers });
}

async function twoFactorAction({ user }: PortalContext, form: Form, request: Request) {
  const step = form.step as TwoFactorStep;
  if (step === "enable" || step === "disable") {
    const parsed = passwordConfirmSchema.safeParse(form);
    if (!parsed.success) {
      return twoFactorAnswer(step, { error: firstIssue(parsed.error).message }, { status: 400 });
    }
    if (step === "disable") {
      const result = await disableTwoFactor(request, parsed.data.password);
      if (!result.ok) {
        return twoFactorAnswer(step, { error: result.message }, { status: result.status });
      }
      return twoFactorChanged("off", user.id, result.headers);
    }
    const result = await startTwoFactorSetup(request, parsed.data.password);
    if (!result.ok) {
      return twoFactorAnswer(step, { error: result.message }, { status: result.status });
    }
    return twoFactorAnswer(
      step,
      {
        ok: true,
        success: "Scan the QR code with your authenticator app, then enter the code it shows.",
        setup: result.value,
      },
      { headers: result.headers },
    );
  }
  if (step === "confirm") {
    // The setup shown again if the code is wrong (it is only ever the user's own).
    const setup = (await totpSetup(form.totpURI)) ?? undefined;
    const parsed = authCodeSchema.safeParse(form);
    if (!parsed.success) {
      return twoFactorAnswer(
        step,
        { error: firstIssue(parsed.error).message, setup },
        { status: 400 },
      );
    }
    const result = await confirmTwoFactor(request, parsed.data.code);
    if (!result.ok) {
      return twoFactorAnswer(step, { error: result.message, setup }, { status: result.status });
    }
    return twoFactorChanged("on", user.id, result.headers);
  }
  return fail("two-factor", "Unknown action", 400);
}

const handlers: Record<string, Handler> = {
  "two-factor": twoFactorAction,

  // The profile form predates the others and answers without an intent.
  async profile({ db, user }, form) {
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) return data({ error: firstIssue(parsed.error).message }, { status: 400 });
    await updateFullName(db, user.id, parsed.data.fullName);
    return { ok: true as const, success: "Profile updated successfully" };
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
    if (!(await deletePasskey(db, user.id, parsed.data))) {
      return fail("delete-passkey", "Passkey not found", 404);
    }
    return done("delete-passkey", "Passkey removed");
  },

  async "rename-passkey"({ db, user }, form) {
    const parsed = renamePasskeySchema.safeParse(form);
    if (!parsed.success) return fail("rename-passkey", firstIssue(parsed.error).message, 400);
    const { passkeyId, name } = parsed.data;
    if (!(await renamePasskey(db, user.id, passkeyId, name))) {
      return fail("rename-passkey", "Passkey not found", 404);
    }
    return done("rename-passkey", "Passkey renamed");
  },

  async "security-policy"({ db, user }, form) {
    const parsed = securityPolicySchema.safeParse(form);
    if (!parsed.success) return fail("security-policy", firstIssue(parsed.error).message, 400);
    const result = await setRequireAdminTwoFactor(db, user, parsed.data.requireAdminTwoFactor);
    if (!result.ok) return fail("security-policy", result.error, result.status);
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
    if (parsed.data === sessionId) {
      return fail(
        "revoke-session",
        "This is the session you are using. Use Sign out instead.",
        400,
      );
    }
    if (!(await revokeSession(db, user.id, parsed.data, sessionId))) {
      return fail("revoke-session", "Session not found", 404);
    }
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
