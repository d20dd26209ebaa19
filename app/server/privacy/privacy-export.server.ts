/**
 * 'Download my data' (POPIA section 23): everything stored about the signed-in person, as one
 * JSON file and a CSV per kind of record, in a zip made on request. Only the person's own rows,
 * found by their user id or their e-mail address; never a secret (no password hash, session
 * token, two-factor secret, backup code or passkey key).
 */

import { and, desc, eq, or, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { privacyNotice } from "~/content/legal";
import { site } from "~/content/site";
import { pendingDeletion } from "../accounts/deletion.server";
import { getPortalUser } from "../accounts/profiles.server";
import { toCsv } from "../csv.server";
import type { Database } from "../db/client.server";
import {
  clients,
  consents,
  fileVersions,
  invitations,
  leads,
  passkey,
  profiles,
  projects,
  reviewAnswers,
  reviews,
  session,
  user,
  userRoles,
} from "../db/schema.server";
import { listMessages } from "../messages/messages.server";

type Row = Record<string, unknown>;

/** The conversation of the person's client (sent to them) and what they sent. */
async function messagesOf(db: Database, userId: string): Promise<Row[]> {
  const person = await getPortalUser(db, userId);
  if (!person?.clientId) return [];
  const page = await listMessages(db, { kind: "client", clientId: person.clientId }, userId, {
    limit: 100_000,
  });
  return page.rows.map((m) => ({
    ...m,
    direction: m.senderId === userId ? "sent" : "received",
  }));
}

export interface PersonalData {
  exportedAt: string;
  account: Row;
  projects: Row[];
  messages: Row[];
  files: Row[];
  reviews: Row[];
  sessions: Row[];
  passkeys: Row[];
  consents: Row[];
  leads: Row[];
  invitations: Row[];
}

export async function collectPersonalData(
  db: Database,
  userId: string,
  now: Date,
): Promise<PersonalData | null> {
  const [me] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      fullName: profiles.fullName,
      emailVerified: user.emailVerified,
      role: userRoles.role,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.id, userId));
  if (!me) return null;
  const email = me.email.toLowerCase();
  const deletion = await pendingDeletion(db, userId);
  return {
    exportedAt: now.toISOString(),
    account: {
      ...me,
      role: me.role ?? "customer",
      deletionRequestedAt: deletion?.requestedAt ?? null,
      deletionDueAt: deletion?.dueAt ?? null,
    },
    projects: await db
      .select()
      .from(projects)
      .where(eq(projects.createdBy, userId))
      .orderBy(desc(projects.createdAt)),
    messages: await messagesOf(db, userId),
    // Files the person uploaded to their client's projects (what, not the content), and their
    // answers to reviews.
    files: await db
      .select({
        project: projects.title,
        name: fileVersions.name,
        version: fileVersions.number,
        size: fileVersions.size,
        type: fileVersions.contentType,
        uploadedAt: fileVersions.createdAt,
      })
      .from(fileVersions)
      .innerJoin(projects, eq(projects.id, fileVersions.projectId))
      .where(and(eq(fileVersions.uploadedBy, userId), eq(fileVersions.state, "ready")))
      .orderBy(desc(fileVersions.createdAt)),
    reviews: await db
      .select({
        project: projects.title,
        about: reviews.subject,
        decision: reviewAnswers.decision,
        comment: reviewAnswers.comment,
        answeredAt: reviewAnswers.answeredAt,
      })
      .from(reviewAnswers)
      .innerJoin(reviews, eq(reviews.id, reviewAnswers.reviewId))
      .innerJoin(projects, eq(projects.id, reviews.projectId))
      .where(eq(reviewAnswers.answeredBy, userId))
      .orderBy(desc(reviewAnswers.answeredAt)),
    sessions: await db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        lastActiveAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.updatedAt)),
    passkeys: await db
      .select({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt,
        deviceType: passkey.deviceType,
        backedUp: passkey.backedUp,
      })
      .from(passkey)
      .where(eq(passkey.userId, userId)),
    consents: await db
      .select({
        purpose: consents.purpose,
        source: consents.source,
        noticeVersion: consents.noticeVersion,
        givenAt: consents.givenAt,
        withdrawnAt: consents.withdrawnAt,
        email: consents.email,
      })
      .from(consents)
      .where(or(eq(consents.userId, userId), eq(consents.email, email)))
      .orderBy(consents.givenAt),
    leads: await db
      .select()
      .from(leads)
      .where(eq(sql`lower(${leads.email})`, email))
      .orderBy(desc(leads.createdAt)),
    invitations: await db
      .select({
        email: invitations.email,
        name: invitations.name,
        client: clients.name,
        createdAt: invitations.createdAt,
        sentAt: invitations.sentAt,
        expiresAt: invitations.expiresAt,
        acceptedAt: invitations.acceptedAt,
        revokedAt: invitations.revokedAt,
      })
      .from(invitations)
      .leftJoin(clients, eq(clients.id, invitations.clientId))
      .where(or(eq(invitations.email, email), eq(invitations.acceptedBy, userId)))
      .orderBy(desc(invitations.createdAt)),
  };
}

/** The CSV of records: a header row (the union of the rows' keys), then one line per row. */
function recordsCsv(rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return toCsv([columns, ...rows.map((row) => columns.map((c) => row[c]))]);
}

const README = (data: PersonalData) =>
  [
    `Your data from ${site.name} (${site.url})`,
    `Made on request at ${data.exportedAt}.`,
    "",
    "data.json      everything below in one file",
    "account.csv    your account and profile (role, two-factor on or off, any pending deletion)",
    "projects.csv   projects you created",
    "messages.csv   messages you sent and received",
    "files.csv      files you uploaded to your projects (names, sizes, dates)",
    "reviews.csv    your answers to reviews (approvals and requested changes)",
    "sessions.csv   where you are signed in",
    "passkeys.csv   your passkeys (names and dates; keys are never exported)",
    "consents.csv   the privacy notices you were shown and your marketing choices",
    "leads.csv      contact messages and quote requests sent from your e-mail address",
    "invitations.csv invitations to the portal sent to your e-mail address",
    "",
    `Privacy policy (version ${privacyNotice.version}): ${site.url}/legal/privacy`,
    "",
  ].join("\n");

/** The zip: README.txt, data.json and one CSV per kind of record. */
export function personalDataZip(data: PersonalData): Uint8Array {
  const sections = {
    account: [data.account],
    projects: data.projects,
    messages: data.messages,
    files: data.files,
    reviews: data.reviews.map((r) => ({ ...r, about: JSON.stringify(r.about) })),
    sessions: data.sessions,
    passkeys: data.passkeys,
    consents: data.consents,
    leads: data.leads,
    invitations: data.invitations,
  };
  const files: Record<string, Uint8Array> = {
    "README.txt": strToU8(README(data)),
    "data.json": strToU8(`${JSON.stringify(data, null, 2)}\n`),
  };
  for (const [name, rows] of Object.entries(sections)) {
    files[`${name}.csv`] = strToU8(recordsCsv(rows));
  }
  return zipSync(files, { level: 6 });
}
