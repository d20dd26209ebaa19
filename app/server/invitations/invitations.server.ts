/**
 * Invitations to the portal (decision 022): an administrator invites a contact of a client, or
 * (no client) a member of the agency's team, who becomes an administrator. The person gets a
 * one-time link, valid for INVITATION_DAYS; only the token's hash is stored. The invitation and
 * its delivery are written in one transaction: an invitation whose mail (or notification)
 * cannot be queued does not exist. The link is mailed to an address no proven account holds;
 * an account that proved the address is notified as it chose (decision 089).
 *
 * Accepting makes the account in our own transaction (user, password, profile in the client,
 * consent, the invitation used), so it never gets a client of its own; an existing account
 * accepts once signed in as the invited address.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import { site } from "~/content/site";
import { formatDate } from "~/lib/dates";
import { INVITATION_DAYS, INVITATION_TEXT } from "~/lib/validation/clients";

export { INVITATION_TEXT };

import { markAddressProven, releaseUnprovenAddress } from "../accounts/address-proof.server";
import { getAuth } from "../accounts/auth.server";
import { recordPrivacyConsent } from "../accounts/consents.server";
import { isAdmin, isStaff } from "../accounts/profiles.server";
import { grantRoleIn } from "../accounts/roles.server";
import { CLIENT_NOT_FOUND } from "../clients/clients.server";
import type { Database } from "../db/client.server";
import {
  account,
  clients,
  emailOutbox,
  invitations,
  profiles,
  type Role,
  user,
  userRoles,
} from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { env } from "../env.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { type Outcome, type Refused, refused } from "../outcome.server";
import { publish, publishAccessChanged, publishChange } from "../workspace/events.server";
import { removeClientIfUnused } from "../workspace/membership.server";
import { parseId } from "../workspace/scope.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Invitations (new or resent) one administrator may send in an hour. */
export const INVITES_PER_HOUR = 50;
/** The same invitation is not mailed again within a minute. */
export const RESEND_AFTER_MS = 60 * 1000;

/** The path of the page an invitation link opens. */
export const INVITATION_PATH = "/invitation";

export function invitationUrl(baseUrl: string, token: string) {
  return `${baseUrl}${INVITATION_PATH}/${encodeURIComponent(token)}`;
}

/** The invitation page of a token as we make them, or null for anything else. */
export function invitationPath(token: unknown): string | null {
  const valid = readToken(token);
  return valid ? `${INVITATION_PATH}/${valid}` : null;
}

/** 32 random bytes: the link's secret. Only its hash is stored. */
function newToken() {
  return randomBytes(32).toString("base64url");
}

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as we make them (43 URL-safe characters), or null: anything else names nothing. */
function readToken(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

const lower = (email: string) => email.trim().toLowerCase();

type Tx = Pick<Database, "insert" | "update" | "delete" | "select" | "execute">;

export interface Inviter {
  id: string;
  name: string | null;
}

/** The e-mail with the link: to a client's contact, or to a new member of the team. */
export function invitationMail(input: {
  to: string;
  name: string;
  clientName: string | null;
  inviterName: string | null;
  url: string;
  expiresAt: Date;
  /** An invitation to the team: the role it gives (an administrator when not said). */
  role?: Role | null;
}) {
  const from = input.inviterName?.trim() || `The ${site.name} team`;
  const until = formatDate(input.expiresAt);
  const staff = input.clientName === null;
  return {
    to: input.to,
    subject: staff
      ? `You're invited to join the ${site.name} team`
      : `You're invited to ${input.clientName}'s portal — ${site.name}`,
    text: [
      `Hi ${input.name},`,
      "",
      staff
        ? input.role === "team"
          ? `${from} invited you to join the ${site.name} team in our portal. You'll be a team member: you'll see and work on the clients you are assigned to.`
          : `${from} invited you to join the ${site.name} team in our portal. You'll be an administrator: you'll see and work on every client's projects and messages.`
        : `${from} invited you to the ${site.name} portal as a contact of ${input.clientName}. There you'll see ${input.clientName}'s projects and can talk with our team.`,
      "",
      `Open this link to set your name and password (it works once, until ${until}):`,
      "",
      input.url,
      "",
      "If you already have an account with this e-mail address, the link asks you to sign in instead.",
      "If you weren't expecting this, ignore this e-mail: nothing happens without the link.",
      "",
      site.name,
    ].join("\n"),
  };
}

/**
 * Deliver an invitation (new or resent), inside its transaction (decision 089). Someone whose
 * account has proved the address is told through notifications, as they chose in Settings (the
 * bell, the grouped mail with its unsubscribe, WhatsApp). Anyone else — no account yet, or an
 * account that never proved the address (decision 034: the mail must reach whoever reads the
 * address) — has no choices to respect: the invitation itself is always mailed. Returns the
 * people notified (for `announceNotifications` after the commit).
 */
async function deliverInvitation(
  tx: Tx,
  inviter: Inviter,
  input: Parameters<typeof invitationMail>[0],
  token: string,
): Promise<string[]> {
  const [account] = await tx
    .select({ id: user.id, proven: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, lower(input.to)))
    .limit(1);
  if (!account?.proven) {
    const mail = invitationMail(input);
    await tx.insert(emailOutbox).values({
      toAddress: mail.to,
      replyTo: site.email,
      subject: mail.subject,
      textBody: mail.text,
    });
    return [];
  }
  const joining = input.clientName
    ? `Join ${input.clientName} in the portal`
    : input.role === "team"
      ? `Join the ${site.name} team as a team member`
      : `Join the ${site.name} team as an administrator`;
  return notify(tx, {
    kind: "invitation",
    clientId: null,
    actorId: inviter.id,
    title: `${joining} (the link works until ${formatDate(input.expiresAt)})`,
    link: `${INVITATION_PATH}/${encodeURIComponent(token)}`,
    groupKey: `invitation:${lower(input.to)}`,
    userIds: [account.id],
  });
}

async function overRateLimit(tx: Tx, inviterId: string, now: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.invitedBy, inviterId),
        gt(invitations.sentAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return (row?.n ?? 0) >= INVITES_PER_HOUR;
}

export interface NewInvitation {
  /** Null: an invitation to the agency's team. */
  clientId: string | null;
  /** An invitation to the team: the role it gives (decision 065; an administrator when not said). */
  role?: Role;
  name: string;
  email: string;
}

/**
 * Invite someone, inside a caller's transaction (the lead conversion uses it too). The caller
 * wakes the outbox after committing.
 */
export async function inviteIn(
  tx: Tx,
  inviter: Inviter,
  input: NewInvitation,
  now: Date,
): Promise<Outcome<{ id: string; token: string; notified: string[] }>> {
  const email = lower(input.email);
  let clientName: string | null = null;
  if (input.clientId) {
    const [client] = await tx
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, input.clientId))
      .limit(1);
    if (!client) return refused(404, CLIENT_NOT_FOUND);
    clientName = client.name;
  }
  if (await overRateLimit(tx, inviter.id, now)) return refused(429, INVITATION_TEXT.rateLimited);
  const [existing] = await tx
    .select({
      id: user.id,
      proven: user.emailVerified,
      clientId: profiles.clientId,
      role: userRoles.role,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  const role: Role | null = input.clientId ? null : (input.role ?? "admin");
  if (existing && isAdmin(existing)) {
    return refused(
      409,
      input.clientId
        ? `${email} belongs to an administrator, who sees every client already.`
        : `${email} is already an administrator.`,
    );
  }
  if (existing && isStaff(existing) && (input.clientId || role === existing.role)) {
    return refused(
      409,
      input.clientId
        ? `${email} belongs to a team member. Assign them to this client instead.`
        : `${email} is already a team member.`,
    );
  }
  if (existing && input.clientId && existing.clientId === input.clientId) {
    return refused(409, `${email} is already a contact of this client.`);
  }
  const [open] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.email, email),
        input.clientId ? eq(invitations.clientId, input.clientId) : isNull(invitations.clientId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .limit(1);
  if (open) {
    return refused(409, `${email} has already been invited. Resend the invitation instead.`);
  }
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const [row] = await tx
    .insert(invitations)
    .values({
      tokenHash: hashToken(token),
      email,
      name: input.name,
      clientId: input.clientId,
      role,
      invitedBy: inviter.id,
      createdAt: now,
      sentAt: now,
      expiresAt,
    })
    .returning({ id: invitations.id });
  const notified = await deliverInvitation(
    tx,
    inviter,
    {
      to: email,
      name: input.name,
      clientName,
      inviterName: inviter.name,
      url: invitationUrl(env().BASE_URL, token),
      expiresAt,
      role,
    },
    token,
  );
  return { ok: true, id: (row as { id: string }).id, token, notified };
}

/** 'Invite contact' (a client) or 'Invite team member' (no client): the invitation and its mail. */
export async function createInvitation(
  db: Database,
  inviter: Inviter,
  input: NewInvitation,
  now: Date,
): Promise<Outcome<{ id: string; token: string }>> {
  // A refusal comes before anything is written.
  const result = await db.transaction((tx) => inviteIn(tx, inviter, input, now));
  if (!result.ok) return result;
  wakeOutbox();
  announceNotifications(result.notified, inviter.id);
  if (input.clientId) publishChange("clients", { clientIds: [input.clientId] }, inviter.id);
  return result;
}

type PendingRow = typeof invitations.$inferSelect;

/** Whose invitations a page manages: a client's (its page) or the team's (null). */
export interface InvitationOwner {
  clientId: string | null;
}

/**
 * The invitation an administrator acts on from a page: one of that page's (a client's or the
 * team's), still open (neither accepted nor revoked).
 */
async function lockOpen(
  tx: Tx,
  owner: InvitationOwner,
  invitationId: unknown,
): Promise<Outcome<{ row: PendingRow }>> {
  const id = parseId(invitationId);
  if (!id) return refused(404, INVITATION_TEXT.notFound);
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        owner.clientId ? eq(invitations.clientId, owner.clientId) : isNull(invitations.clientId),
      ),
    )
    .for("update")
    .limit(1);
  if (!row) return refused(404, INVITATION_TEXT.notFound);
  if (row.acceptedAt) return refused(409, INVITATION_TEXT.alreadyAccepted);
  if (row.revokedAt) return refused(409, INVITATION_TEXT.alreadyRevoked);
  return { ok: true, row };
}

/**
 * 'Resend': a new link (the old one stops working) valid for another INVITATION_DAYS, mailed in
 * the same transaction.
 */
export async function resendInvitation(
  db: Database,
  inviter: Inviter,
  owner: InvitationOwner,
  invitationId: unknown,
  now: Date,
): Promise<Outcome<{ token: string; clientId: string | null }>> {
  type Resent = Outcome<{ token: string; clientId: string | null; notified: string[] }>;
  const result = await db.transaction(async (tx): Promise<Resent> => {
    const open = await lockOpen(tx, owner, invitationId);
    if (!open.ok) return open;
    const { row } = open;
    if (now.getTime() - row.sentAt.getTime() < RESEND_AFTER_MS) {
      return refused(429, INVITATION_TEXT.tooSoon);
    }
    if (await overRateLimit(tx, inviter.id, now)) return refused(429, INVITATION_TEXT.rateLimited);
    const clientName = await clientNameOf(tx, row.clientId);
    const token = newToken();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    await tx
      .update(invitations)
      .set({ tokenHash: hashToken(token), sentAt: now, expiresAt, invitedBy: inviter.id })
      .where(eq(invitations.id, row.id));
    const notified = await deliverInvitation(
      tx,
      inviter,
      {
        to: row.email,
        name: row.name,
        clientName,
        inviterName: inviter.name,
        url: invitationUrl(env().BASE_URL, token),
        expiresAt,
        role: row.role,
      },
      token,
    );
    return { ok: true, token, clientId: row.clientId, notified };
  });
  if (result.ok) {
    wakeOutbox();
    announceNotifications(result.notified, inviter.id);
    if (result.clientId) publishChange("clients", { clientIds: [result.clientId] }, inviter.id);
  }
  return result;
}

/** 'Revoke': the link stops working at once. */
export async function revokeInvitation(
  db: Database,
  actorId: string,
  owner: InvitationOwner,
  invitationId: unknown,
  now: Date,
): Promise<Outcome<{ clientId: string | null }>> {
  const result = await db.transaction(async (tx): Promise<Outcome<{ clientId: string | null }>> => {
    const open = await lockOpen(tx, owner, invitationId);
    if (!open.ok) return open;
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, open.row.id));
    return { ok: true, clientId: open.row.clientId };
  });
  if (result.ok && result.clientId) {
    publishChange("clients", { clientIds: [result.clientId] }, actorId);
  }
  return result;
}

export type InvitationStatus = "pending" | "expired";

export interface PendingInvitation {
  id: string;
  name: string;
  email: string;
  sentAt: Date;
  expiresAt: Date;
  status: InvitationStatus;
}

/**
 * Invitations neither accepted nor revoked (expired ones too, so they can be resent), oldest
 * first: a client's, or with `clientId` null the team's.
 */
export async function listOpenInvitations(
  db: Database,
  clientId: string | null,
  now: Date,
): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      name: invitations.name,
      email: invitations.email,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(
      and(
        clientId ? eq(invitations.clientId, clientId) : isNull(invitations.clientId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    status: r.expiresAt.getTime() > now.getTime() ? "pending" : "expired",
  }));
}

// --- Following the link ------------------------------------------------------------------------

export type LinkState = "pending" | "used" | "expired" | "revoked";

export interface InvitationView {
  state: LinkState;
  email: string;
  name: string;
  /** Null: an invitation to the agency's team. */
  clientId: string | null;
  /** The team's: the role it gives. */
  role: Role | null;
  clientName: string | null;
  expiresAt: Date;
  /** An account with the invited address exists: the person signs in to accept. */
  accountExists: boolean;
  /**
   * That account proved the address. When it did not, whoever follows the link (who reads the
   * address) may also make an account of their own, which takes the address (decision 034).
   */
  accountProven: boolean;
}

function stateOf(row: Pick<PendingRow, "acceptedAt" | "revokedAt" | "expiresAt">, now: Date) {
  if (row.acceptedAt) return "used" as const;
  if (row.revokedAt) return "revoked" as const;
  if (row.expiresAt.getTime() <= now.getTime()) return "expired" as const;
  return "pending" as const;
}

/** What a link says: the invitation it names and its state, or null for a forged link. */
export async function findInvitation(
  db: Database,
  token: unknown,
  now: Date,
): Promise<InvitationView | null> {
  const valid = readToken(token);
  if (!valid) return null;
  const [row] = await db
    .select({
      email: invitations.email,
      name: invitations.name,
      clientId: invitations.clientId,
      role: invitations.role,
      clientName: clients.name,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
      expiresAt: invitations.expiresAt,
      accountExists: sql<boolean>`exists (select 1 from ${user} where lower(${user.email}) = ${invitations.email})`,
      accountProven: sql<boolean>`exists (select 1 from ${user} where lower(${user.email}) = ${invitations.email} and ${user.emailVerified})`,
    })
    .from(invitations)
    .leftJoin(clients, eq(clients.id, invitations.clientId))
    .where(eq(invitations.tokenHash, hashToken(valid)))
    .limit(1);
  if (!row) return null;
  return {
    state: stateOf(row, now),
    email: row.email,
    name: row.name,
    clientId: row.clientId,
    role: row.role,
    clientName: row.clientName,
    expiresAt: row.expiresAt,
    accountExists: Boolean(row.accountExists),
    accountProven: Boolean(row.accountProven),
  };
}

/** Why a link cannot be followed (404 forged, 410 used, expired or revoked), or null. */
export function linkProblem(view: Pick<InvitationView, "state"> | null): Refused | null {
  if (!view) return refused(404, INVITATION_TEXT.invalid);
  if (view.state === "pending") return null;
  return refused(410, INVITATION_TEXT[view.state]);
}

/** Lock the link's invitation and check it can still be accepted. */
async function lockForAccepting(tx: Tx, token: unknown, now: Date) {
  const valid = readToken(token);
  const [row] = valid
    ? await tx
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, hashToken(valid)))
        .for("update")
        .limit(1)
    : [];
  const problem = linkProblem(row ? { state: stateOf(row, now) } : null);
  if (problem || !row) return problem ?? refused(404, INVITATION_TEXT.invalid);
  return { ok: true as const, row };
}

export interface Accepted {
  userId: string;
  email: string;
  /** The client joined; null for a member of the team (now an administrator). */
  clientId: string | null;
  clientName: string | null;
}

async function clientNameOf(tx: Tx, clientId: string | null) {
  if (!clientId) return null;
  const [row] = await tx
    .select({ name: clients.name })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row?.name ?? null;
}

/**
 * Accept with a new account: the user, its password, its profile in the invited client (or the
 * administrator role), the privacy consent and the used invitation, all in one transaction.
 * The address is proven (the link came to it), so an account that holds it without having
 * proved it lets it go (decision 034); a proven one is refused. The caller signs the person in
 * afterwards.
 */
export async function acceptWithNewAccount(
  db: Database,
  token: unknown,
  input: { fullName: string; password: string },
  now: Date,
): Promise<Outcome<Accepted>> {
  const context = await (await getAuth()).$context;
  const passwordHash = await context.password.hash(input.password);
  const userId = String(context.generateId({ model: "user" }));
  const accountId = String(context.generateId({ model: "account" }));
  let released: string | null = null;
  const result = await db.transaction(async (tx): Promise<Outcome<Accepted>> => {
    const open = await lockForAccepting(tx, token, now);
    if (!open.ok) return open;
    const { row } = open;
    released = await releaseUnprovenAddress(tx, row.email);
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, row.email))
      .limit(1);
    if (taken) return refused(409, INVITATION_TEXT.accountExists);
    await tx.insert(user).values({
      id: userId,
      name: input.fullName,
      email: row.email,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(account).values({
      id: accountId,
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(profiles)
      .values({ id: userId, fullName: input.fullName, clientId: row.clientId });
    if (!row.clientId) await tx.insert(userRoles).values({ userId, role: row.role ?? "admin" });
    return markAccepted(tx, row, userId, now);
  });
  if (result.ok) {
    announceJoined(result);
    if (released) publish({ kind: "session-ended", userIds: [released], sessionIds: [] });
  }
  return result;
}

/**
 * Accept as the signed-in account, which must have the invited address (a link never attaches
 * another account). A contact moves to the invited client (the client they had goes if nothing
 * else hangs off it); a member of the team becomes an administrator.
 */
export async function acceptAsUser(
  db: Database,
  token: unknown,
  userId: string,
  now: Date,
): Promise<Outcome<Accepted>> {
  const result = await db.transaction(async (tx): Promise<Outcome<Accepted>> => {
    const open = await lockForAccepting(tx, token, now);
    if (!open.ok) return open;
    const { row } = open;
    const [person] = await tx
      .select({
        email: user.email,
        clientId: profiles.clientId,
        role: userRoles.role,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(userRoles, eq(userRoles.userId, user.id))
      .where(eq(user.id, userId))
      .limit(1);
    if (!person || lower(person.email) !== row.email) {
      return refused(403, INVITATION_TEXT.wrongAccount);
    }
    // The invitation came to this address: it is proven (decision 034).
    await markAddressProven(tx, userId);
    if (row.clientId) {
      if (isStaff(person)) return refused(409, INVITATION_TEXT.adminAsContact);
      await tx
        .insert(profiles)
        .values({ id: userId, clientId: row.clientId })
        .onConflictDoUpdate({ target: profiles.id, set: { clientId: row.clientId } });
      if (person.clientId && person.clientId !== row.clientId) {
        await removeClientIfUnused(tx, person.clientId);
      }
    } else if (!(isAdmin(person) && row.role === "team")) {
      // An administrator stays one: a team member's invitation does not lower them.
      await grantRoleIn(tx, userId, row.role ?? "admin");
    }
    return markAccepted(tx, row, userId, now);
  });
  if (result.ok) {
    announceJoined(result);
    // Their client or role changed: streams opened as who they were end (issue 29).
    publishAccessChanged([userId]);
  }
  return result;
}

/** The last steps of accepting: the consent on record, the invitation used, what was joined. */
async function markAccepted(
  tx: Tx,
  row: PendingRow,
  userId: string,
  now: Date,
): Promise<Outcome<Accepted>> {
  await recordPrivacyConsent(tx, { userId, email: row.email, source: "invitation", now });
  await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(eq(invitations.id, row.id));
  return {
    ok: true,
    userId,
    email: row.email,
    clientId: row.clientId,
    clientName: await clientNameOf(tx, row.clientId),
  };
}

function announceJoined(accepted: Accepted) {
  if (accepted.clientId) {
    publishChange("clients", { clientIds: [accepted.clientId] }, accepted.userId);
  }
}
