/**
 * The portal's security policy, set by administrators in Settings (one row of
 * `portal_settings`). Today it holds one rule: administrators must use two-factor
 * authentication. The REQUIRE_ADMIN_2FA variable lets the operator force the rule on.
 */
import { eq } from "drizzle-orm";
import { NO_PERMISSION } from "~/lib/portal-text";
import { POLICY_NEEDS_OWN_TWO_FACTOR, type SignUpPolicy } from "~/lib/validation/account";
import type { Database } from "../db/client.server";
import { portalSettings } from "../db/schema.server";
import { env } from "../env.server";
import { type Outcome, refused } from "../outcome.server";
import { isAdmin, type PortalUser } from "./profiles.server";

export interface SecurityPolicy {
  requireAdminTwoFactor: boolean;
  /** Who can create an account on their own (decision 052). */
  signUpPolicy: SignUpPolicy;
  /** REQUIRE_ADMIN_2FA is set: the rule is on and cannot be switched off in the portal. */
  enforcedByOperator: boolean;
}

export async function getSecurityPolicy(db: Database): Promise<SecurityPolicy> {
  const enforcedByOperator = env().REQUIRE_ADMIN_2FA;
  const [row] = await db
    .select({
      requireAdminTwoFactor: portalSettings.requireAdminTwoFactor,
      signUpPolicy: portalSettings.signUpPolicy,
    })
    .from(portalSettings)
    .where(eq(portalSettings.id, 1))
    .limit(1);
  return {
    requireAdminTwoFactor: enforcedByOperator || (row?.requireAdminTwoFactor ?? false),
    signUpPolicy: row?.signUpPolicy ?? "anyone",
    enforcedByOperator,
  };
}

/** Who can create an account on their own: anyone (the default), or by invitation only. */
export async function getSignUpPolicy(db: Database): Promise<SignUpPolicy> {
  const [row] = await db
    .select({ signUpPolicy: portalSettings.signUpPolicy })
    .from(portalSettings)
    .where(eq(portalSettings.id, 1))
    .limit(1);
  return row?.signUpPolicy ?? "anyone";
}

/**
 * May this address create an account through sign-up? Always while anyone may; by invitation
 * only, just the addresses listed in ADMIN_EMAILS (so the agency's own administrators can
 * always get in). Invitations make their own accounts and never ask this.
 */
export async function maySignUp(db: Database, email: unknown): Promise<boolean> {
  if ((await getSignUpPolicy(db)) === "anyone") return true;
  return typeof email === "string" && env().ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

/** Set who can create an account (administrators only). */
export async function setSignUpPolicy(
  db: Database,
  actor: PortalUser,
  signUpPolicy: SignUpPolicy,
): Promise<Outcome> {
  if (!isAdmin(actor)) return refused(403, NO_PERMISSION);
  await db
    .insert(portalSettings)
    .values({ id: 1, signUpPolicy, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: portalSettings.id,
      set: { signUpPolicy, updatedBy: actor.id, updatedAt: new Date() },
    });
  return { ok: true };
}

/** An administrator without two-factor authentication, while the policy requires it. */
export function blockedByPolicy(user: PortalUser, policy: SecurityPolicy): boolean {
  return isAdmin(user) && !user.twoFactorEnabled && policy.requireAdminTwoFactor;
}

/** `blockedByPolicy`, reading the policy only for the users it can apply to. */
export async function mustEnableTwoFactor(db: Database, user: PortalUser): Promise<boolean> {
  if (!isAdmin(user) || user.twoFactorEnabled) return false;
  return blockedByPolicy(user, await getSecurityPolicy(db));
}

export type PolicyChange = Outcome<{ policy: SecurityPolicy }>;

export const POLICY_SET_BY_OPERATOR =
  "This rule is set by the server's configuration (REQUIRE_ADMIN_2FA) and can't be switched off here.";

/**
 * Switch the rule. Only administrators may; turning it on needs the administrator's own
 * two-factor authentication first, so nobody locks themselves out of the portal by accident.
 */
export async function setRequireAdminTwoFactor(
  db: Database,
  actor: PortalUser,
  required: boolean,
): Promise<PolicyChange> {
  if (!isAdmin(actor)) return refused(403, NO_PERMISSION);
  const current = await getSecurityPolicy(db);
  if (!required && current.enforcedByOperator) {
    return refused(409, POLICY_SET_BY_OPERATOR);
  }
  if (required && !actor.twoFactorEnabled) {
    return refused(400, POLICY_NEEDS_OWN_TWO_FACTOR);
  }
  await db
    .insert(portalSettings)
    .values({ id: 1, requireAdminTwoFactor: required, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: portalSettings.id,
      set: { requireAdminTwoFactor: required, updatedBy: actor.id, updatedAt: new Date() },
    });
  return {
    ok: true,
    policy: {
      ...current,
      requireAdminTwoFactor: current.enforcedByOperator || required,
      enforcedByOperator: current.enforcedByOperator,
    },
  };
}
