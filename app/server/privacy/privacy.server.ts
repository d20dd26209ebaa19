/**
 * POPIA in the product: the unsubscribe and erasure links, lead erasure on request, erasing an
 * account once its grace period is over, and retention. Consents on record and the account's
 * own deletion request are accounts' (accounts/consents.server.ts, accounts/deletion.server.ts). Every function takes the database and, where
 * time matters, `now` (routes pass the clock's, tests their own), so deadlines are testable.
 * The export ("Download my data") lives in privacy-export.server.ts.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { site } from "~/content/site";
import { endSignInMethods } from "../accounts/address-proof.server";
import type { Database } from "../db/client.server";
import {
  accountDeletions,
  clientMemberships,
  consents,
  emailOutbox,
  invitations,
  leads,
  messageReads,
  notificationPreferences,
  notifications,
  privacyRequests,
  profiles,
  user,
  userRoles,
} from "../db/schema.server";
import { queueAccountMail } from "../email/account-mail.server";
import { env } from "../env.server";
import type { Job } from "../jobs.server";
import { publish } from "../workspace/events.server";

export const DELETED_USER = "Deleted user";
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const lower = (email: string) => email.trim().toLowerCase();
const sameEmail = (column: typeof leads.email | typeof emailOutbox.toAddress, email: string) =>
  eq(sql`lower(${column})`, lower(email));

/** Database or transaction: both have the query API these helpers use. */
type Tx = Pick<Database, "insert" | "update" | "delete" | "select">;

// --- Signed links (unsubscribe, confirm lead erasure) ----------------------------------------

export type LinkPurpose = "unsubscribe" | "erase-leads";

function linkKey(purpose: LinkPurpose) {
  return createHmac("sha256", env().AUTH_SECRET).update(`privacy-link:${purpose}`).digest();
}

/** A tamper-proof token naming an address; `expiresAt` null for links that never expire. */
export function signLink(purpose: LinkPurpose, email: string, expiresAt: Date | null) {
  const payload = Buffer.from(
    JSON.stringify({ e: lower(email), x: expiresAt ? expiresAt.getTime() : 0 }),
  ).toString("base64url");
  const mac = createHmac("sha256", linkKey(purpose)).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

/** The address a token names, or null for a forged, altered or expired one. */
export function verifyLink(purpose: LinkPurpose, token: unknown, now: Date): string | null {
  if (typeof token !== "string" || token.length > 1000) return null;
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac("sha256", linkKey(purpose)).update(payload).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      e?: unknown;
      x?: unknown;
    };
    if (typeof parsed.e !== "string" || typeof parsed.x !== "number") return null;
    if (parsed.x !== 0 && parsed.x < now.getTime()) return null;
    return parsed.e;
  } catch {
    return null;
  }
}

export const UNSUBSCRIBE_PATH = "/privacy/unsubscribe";

/** The opt-out link every marketing e-mail must carry (it does not expire). */
export function unsubscribeUrl(baseUrl: string, email: string) {
  return `${baseUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(signLink("unsubscribe", email, null))}`;
}

/**
 * The lines that end every marketing e-mail (none is sent yet): whoever adds one appends these
 * to its text and sends it only when mayMarketTo() says yes (decision 014).
 */
export function marketingMailFooter(baseUrl: string, email: string) {
  return [
    "",
    "—",
    `You receive this because you asked ${site.name} for news and offers by e-mail.`,
    `Unsubscribe at once: ${unsubscribeUrl(baseUrl, email)}`,
  ].join("\n");
}

// --- Rate limits for the privacy forms ---------------------------------------------------------

export type PrivacyRequestKind = "erase-leads" | "delete-account";

function keyHash(key: string) {
  return createHmac("sha256", env().AUTH_SECRET)
    .update(`privacy-key:${lower(key)}`)
    .digest("hex");
}

/**
 * Count this request and say whether it goes over `perKey` (per address or user) or `perIp` in
 * the window. Counted before the check, so hammering never resets the window.
 */
export async function overPrivacyLimit(
  db: Database,
  kind: PrivacyRequestKind,
  key: string,
  ip: string | null,
  limits: { perKey: number; perIp: number; windowMs: number },
  now: Date,
) {
  const hash = keyHash(key);
  await db.insert(privacyRequests).values({ kind, keyHash: hash, ipAddress: ip, createdAt: now });
  const since = new Date(now.getTime() - limits.windowMs);
  const [byKey] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.kind, kind),
        eq(privacyRequests.keyHash, hash),
        sql`${privacyRequests.createdAt} > ${since}`,
      ),
    );
  if ((byKey?.n ?? 0) > limits.perKey) return true;
  if (!ip) return false;
  const [byIp] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.kind, kind),
        eq(privacyRequests.ipAddress, ip),
        sql`${privacyRequests.createdAt} > ${since}`,
      ),
    );
  return (byIp?.n ?? 0) > limits.perIp;
}

// --- Leads: erasure on request, by an administrator, and by retention ------------------------

export const ERASE_LINK_HOURS = 48;
export const ERASE_DETAILS_PATH = "/privacy/delete-my-details";
export const ERASE_REQUEST_ANSWER =
  "Thank you. If we hold details sent from this address, we have e-mailed it a link to confirm that they should be deleted. The link works for 48 hours.";
export const PRIVACY_RATE_LIMITED =
  "You've sent several requests in a short time. Please wait an hour and try again, or e-mail us.";

export function eraseLeadsMail(email: string, url: string) {
  return {
    to: email,
    subject: `Confirm the deletion of your details — ${site.name}`,
    text: [
      "Hi there,",
      "",
      `Someone (we hope you) asked ${site.name} to delete the details sent to us from ${email}:`,
      "your contact messages and quote requests, and the e-mails about them.",
      `Open this link within ${ERASE_LINK_HOURS} hours and confirm to delete them:`,
      "",
      url,
      "",
      "If you did not ask for this, ignore this e-mail: nothing is deleted.",
      "",
      site.name,
    ].join("\n"),
  };
}

/**
 * 'Ask us to delete my details': mail a confirmation link to the address if any lead came from
 * it. The answer is the same whether or not one did; only the rate limit differs.
 */
export async function requestLeadErasure(
  db: Database,
  input: { email: string; ip: string | null; baseUrl: string; now: Date },
  limits: { perEmail: number; perIp: number },
): Promise<{ ok: true } | { ok: false; status: 429; error: string }> {
  const over = await overPrivacyLimit(
    db,
    "erase-leads",
    input.email,
    input.ip,
    { perKey: limits.perEmail, perIp: limits.perIp, windowMs: HOUR_MS },
    input.now,
  );
  if (over) return { ok: false, status: 429, error: PRIVACY_RATE_LIMITED };
  const [held] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sameEmail(leads.email, input.email))
    .limit(1);
  if (held) {
    const token = signLink(
      "erase-leads",
      input.email,
      new Date(input.now.getTime() + ERASE_LINK_HOURS * HOUR_MS),
    );
    const url = `${input.baseUrl}${ERASE_DETAILS_PATH}/confirm?token=${encodeURIComponent(token)}`;
    await queueAccountMail(db, eraseLeadsMail(lower(input.email), url));
  }
  return { ok: true };
}

/** Mail about these leads, or to or from the address: it repeats what the person sent. */
async function deleteMailAbout(tx: Tx, leadIds: string[], email: string | null) {
  const conditions = [];
  if (leadIds.length > 0) conditions.push(inArray(emailOutbox.leadId, leadIds));
  if (email) {
    conditions.push(sameEmail(emailOutbox.toAddress, email));
    conditions.push(eq(sql`lower(${emailOutbox.replyTo})`, lower(email)));
  }
  if (conditions.length === 0) return 0;
  const rows = await tx
    .delete(emailOutbox)
    .where(or(...conditions))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Erase every lead sent from the address, its mail and consents; the number of leads. */
export async function eraseLeadsOf(db: Database, email: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: leads.id }).from(leads).where(sameEmail(leads.email, email));
    const ids = rows.map((r) => r.id);
    await deleteMailAbout(tx, ids, email);
    await tx.delete(consents).where(and(eq(consents.email, lower(email)), isNull(consents.userId)));
    if (ids.length > 0) await tx.delete(leads).where(inArray(leads.id, ids));
    return ids.length;
  });
}

/** An administrator erases one lead (and the mail about it). False when there is none. */
export async function eraseLead(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await deleteMailAbout(tx, [id], null);
    const rows = await tx.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
    return rows.length > 0;
  });
}

/** Months before `now`, on the calendar (24 months before 2027-03-31 is 2025-03-31). */
export function monthsBefore(now: Date, months: number) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Retention: leads not changed for `months` (unless they became a client) and outbox mail older
 * than that are erased; rate limit records after a day.
 */
export async function purgeExpired(db: Database, now: Date, months: number) {
  const cutoff = monthsBefore(now, months);
  return db.transaction(async (tx) => {
    // A lead that became a client is the client's record now (decision 022): it stays.
    const old = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(lt(leads.updatedAt, cutoff), isNull(leads.clientId)));
    const ids = old.map((r) => r.id);
    let outbox = await deleteMailAbout(tx, ids, null);
    if (ids.length > 0) await tx.delete(leads).where(inArray(leads.id, ids));
    const mail = await tx
      .delete(emailOutbox)
      .where(lt(emailOutbox.createdAt, cutoff))
      .returning({ id: emailOutbox.id });
    outbox += mail.length;
    const requests = await tx
      .delete(privacyRequests)
      .where(lt(privacyRequests.createdAt, new Date(now.getTime() - DAY_MS)))
      .returning({ id: privacyRequests.id });
    return { leads: ids.length, outbox, privacyRequests: requests.length };
  });
}

// --- Account deletion ------------------------------------------------------------------------

export interface AccountDeletionRow {
  userId: string;
  /** Null once erased: the record then reads 'Deleted user'. */
  email: string | null;
  name: string | null;
  requestedAt: Date;
  dueAt: Date;
  erasedAt: Date | null;
}

/**
 * For administrators: every deletion waiting for its date, then the latest erasures (the record
 * that they happened, naming no one).
 */
export async function listAccountDeletions(db: Database, erasedLimit = 20) {
  const columns = {
    userId: accountDeletions.userId,
    email: user.email,
    name: profiles.fullName,
    requestedAt: accountDeletions.requestedAt,
    dueAt: accountDeletions.dueAt,
    erasedAt: accountDeletions.erasedAt,
  };
  const base = () =>
    db
      .select(columns)
      .from(accountDeletions)
      .innerJoin(user, eq(user.id, accountDeletions.userId))
      .leftJoin(profiles, eq(profiles.id, accountDeletions.userId));
  const pending = await base()
    .where(and(isNull(accountDeletions.cancelledAt), isNull(accountDeletions.erasedAt)))
    .orderBy(asc(accountDeletions.dueAt), asc(accountDeletions.userId));
  const erased = await base()
    .where(isNotNull(accountDeletions.erasedAt))
    .orderBy(desc(accountDeletions.erasedAt), desc(accountDeletions.userId))
    .limit(erasedLimit);
  return [
    ...pending,
    ...erased.map((row) => ({ ...row, email: null, name: DELETED_USER })),
  ] satisfies AccountDeletionRow[];
}

/**
 * Erase an account: its sign-in methods, sessions, profile, read marks, notifications, consents, its stays in
 * clients, and (once its address is proven) the leads and mail of its address go; the user row stays as a tombstone named 'Deleted user' (no e-mail
 * address, no way to sign in, no client), so what it wrote in its client's projects and
 * conversation reads 'Deleted user'. The client's projects are the client's and stay.
 */
export async function eraseAccount(db: Database, userId: string, now: Date) {
  const erased = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: user.email, proven: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!row) return false;
    // What was sent from the address goes with the account only when the address is proven to
    // be the person's: an account may hold an address it does not read (decision 034).
    const email = row.proven ? row.email : null;
    const leadRows = email
      ? await tx.select({ id: leads.id }).from(leads).where(sameEmail(leads.email, email))
      : [];
    const leadIds = leadRows.map((r) => r.id);
    await deleteMailAbout(tx, leadIds, email);
    if (leadIds.length > 0) await tx.delete(leads).where(inArray(leads.id, leadIds));
    await tx
      .delete(consents)
      .where(or(eq(consents.userId, userId), email ? eq(consents.email, lower(email)) : undefined));
    // Invitations name the person (address and name); the link is of no use any more.
    await tx
      .delete(invitations)
      .where(
        or(
          email ? eq(invitations.email, lower(email)) : undefined,
          eq(invitations.acceptedBy, userId),
        ),
      );
    await endSignInMethods(tx, userId);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(messageReads).where(eq(messageReads.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    // The client's projects and conversation are the client's and stay (decision 018); the
    // tombstone leaves the client, and what it wrote reads 'Deleted user'.
    await tx
      .insert(profiles)
      .values({ id: userId, fullName: DELETED_USER, clientId: null })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { fullName: DELETED_USER, clientId: null },
      });
    // Which clients the person belonged to, and when, goes too.
    await tx.delete(clientMemberships).where(eq(clientMemberships.userId, userId));
    await tx
      .update(user)
      .set({
        name: DELETED_USER,
        email: `deleted-${userId}@deleted.invalid`,
        emailVerified: false,
        image: null,
        twoFactorEnabled: false,
      })
      .where(eq(user.id, userId));
    await tx
      .insert(accountDeletions)
      .values({ userId, requestedAt: now, dueAt: now, erasedAt: now })
      .onConflictDoUpdate({ target: accountDeletions.userId, set: { erasedAt: now } });
    return true;
  });
  if (erased) publish({ kind: "session-ended", userIds: [userId], sessionIds: [] });
  return erased;
}

/** The job: erase every account whose grace period has ended. */
export async function eraseDueAccounts(db: Database, now: Date) {
  const due = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(
      and(
        lte(accountDeletions.dueAt, now),
        isNull(accountDeletions.cancelledAt),
        isNull(accountDeletions.erasedAt),
      ),
    );
  let accounts = 0;
  for (const { userId } of due) {
    if (await eraseAccount(db, userId, now)) accounts += 1;
  }
  return { accounts };
}

// --- The jobs ------------------------------------------------------------------------------------

export const privacyJobs = (retentionMonths: number): Job[] => [
  { name: "erase-deleted-accounts", everyMs: HOUR_MS, run: eraseDueAccounts },
  {
    name: "purge-expired-leads",
    everyMs: DAY_MS,
    run: (db, now) => purgeExpired(db, now, retentionMonths),
  },
];
