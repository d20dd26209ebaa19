/**
 * 'Download my data' (POPIA section 23): everything stored about the signed-in person, as one
 * JSON file and a CSV per kind of record, in a zip made on request. Only the person's own rows,
 * found by their user id, or by their e-mail address once it is proven (decision 034); never a
 * secret (no password hash, session token, two-factor secret, backup code or passkey key).
 */

import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { privacyNotice } from "~/content/legal";
import { site } from "~/content/site";
import { pendingDeletion } from "../accounts/deletion.server";
import { toCsv } from "../csv.server";
import type { Database } from "../db/client.server";
import {
  bookings,
  clientMemberships,
  clients,
  consents,
  fileVersions,
  invitations,
  leads,
  messages,
  notificationPreferences,
  notifications,
  passkey,
  profiles,
  projects,
  proposals,
  reviewAnswers,
  reviews,
  session,
  user,
  userRoles,
  whatsappNumbers,
  whatsappOutbox,
} from "../db/schema.server";

type Row = Record<string, unknown>;

/**
 * The messages that are the person's (decision 034): what they wrote, in any client and as staff
 * ('sent'); and, for the time they belonged to a client (client_memberships), the team's
 * messages to it ('received') and its other contacts' messages to the team, which they saw in
 * the portal ('shared'). Nothing of a client from before they joined or after they left.
 */
async function messagesOf(db: Database, userId: string): Promise<Row[]> {
  const rows = await db
    .select({
      id: messages.id,
      direction: sql<string>`case when ${messages.senderId} = ${userId} then 'sent' when ${messages.fromAgency} then 'received' else 'shared' end`,
      client: clients.name,
      project: projects.title,
      from: profiles.fullName,
      fromAgency: messages.fromAgency,
      subject: messages.subject,
      content: messages.content,
      // Its files (decision 087): names and sizes, as files.csv lists the person's uploads.
      // Qualified names: inside a select list Drizzle names columns bare ("id" is ambiguous).
      attachments: sql<string>`coalesce((select string_agg(f.name || ' (' || f.size || ' bytes)', '; '
                                                  order by f.created_at, f.id)
        from file_versions f where f.message_id = "messages"."id" and f.state = 'ready'), '')`,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(clients, eq(clients.id, messages.clientId))
    .leftJoin(projects, eq(projects.id, messages.projectId))
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(
      or(
        eq(messages.senderId, userId),
        sql`exists (select 1 from ${clientMemberships} where ${clientMemberships.userId} = ${userId}
          and ${clientMemberships.clientId} = ${messages.clientId}
          and ${messages.createdAt} >= ${clientMemberships.joinedAt}
          and (${clientMemberships.leftAt} is null or ${messages.createdAt} < ${clientMemberships.leftAt}))`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id));
  return rows;
}

/** What an unproven address leaves out of the export, and where to confirm it. */
export interface AddressNotConfirmed {
  email: string;
  leftOut: string[];
}

/** The kinds of record matched by address only, named in the export when they are left out. */
const MATCHED_BY_ADDRESS = [
  "contact messages and quote requests sent from this address",
  "chat questions passed to our team from it",
  "consents given with it on those forms",
  "invitations to the portal sent to it",
];

export interface PersonalData {
  exportedAt: string;
  account: Row;
  /** The clients the person belonged to, and when. */
  clients: Row[];
  projects: Row[];
  messages: Row[];
  files: Row[];
  reviews: Row[];
  notifications: Row[];
  /** Settings → Notifications: each choice made, per kind and channel (no row: the default). */
  notificationPreferences: Row[];
  /** The WhatsApp number given, and the messages sent to it (decision 078). */
  whatsapp: Row[];
  sessions: Row[];
  passkeys: Row[];
  consents: Row[];
  leads: Row[];
  bookings: Row[];
  invitations: Row[];
  /** Proposals the person accepted or declined: the signature recorded (issue 32, decision 072). */
  proposals: Row[];
  /** Null once the address is proven; else what was left out because it is not (decision 034). */
  addressNotConfirmed: AddressNotConfirmed | null;
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
  // What was sent from an address is the person's only once the address is theirs, proven.
  const proven = me.emailVerified;
  const byAddress = <T>(condition: T) => (proven ? condition : undefined);
  const deletion = await pendingDeletion(db, userId);
  return {
    exportedAt: now.toISOString(),
    account: {
      ...me,
      role: me.role ?? "customer",
      deletionRequestedAt: deletion?.requestedAt ?? null,
      deletionDueAt: deletion?.dueAt ?? null,
    },
    clients: await db
      .select({
        client: clients.name,
        joinedAt: clientMemberships.joinedAt,
        leftAt: clientMemberships.leftAt,
      })
      .from(clientMemberships)
      .innerJoin(clients, eq(clients.id, clientMemberships.clientId))
      .where(eq(clientMemberships.userId, userId))
      .orderBy(asc(clientMemberships.joinedAt), asc(clientMemberships.id)),
    projects: await db
      .select()
      .from(projects)
      .where(eq(projects.createdBy, userId))
      .orderBy(desc(projects.createdAt), desc(projects.id)),
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
      // A message's attachment in a conversation about no project has none (decision 087).
      .leftJoin(projects, eq(projects.id, fileVersions.projectId))
      .where(and(eq(fileVersions.uploadedBy, userId), eq(fileVersions.state, "ready")))
      .orderBy(desc(fileVersions.createdAt), desc(fileVersions.id)),
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
      .orderBy(desc(reviewAnswers.answeredAt), desc(reviewAnswers.reviewId)),
    notifications: await db
      .select({
        kind: notifications.kind,
        title: notifications.title,
        link: notifications.link,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id)),
    notificationPreferences: await db
      .select({
        kind: notificationPreferences.kind,
        channel: notificationPreferences.channel,
        enabled: notificationPreferences.enabled,
        updatedAt: notificationPreferences.updatedAt,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .orderBy(notificationPreferences.kind, notificationPreferences.channel),
    whatsapp: [
      ...(
        await db
          .select({
            number: whatsappNumbers.waId,
            confirmedAt: whatsappNumbers.confirmedAt,
            optedOutAt: whatsappNumbers.optedOutAt,
            createdAt: whatsappNumbers.createdAt,
          })
          .from(whatsappNumbers)
          .where(eq(whatsappNumbers.userId, userId))
      ).map((n) => ({
        what: "number",
        number: `+${n.number}`,
        text: null,
        status: n.confirmedAt ? "confirmed" : n.optedOutAt ? "opted out" : "not confirmed",
        at: n.confirmedAt ?? n.optedOutAt ?? n.createdAt,
      })),
      ...(
        await db
          .select({
            number: whatsappOutbox.waId,
            text: whatsappOutbox.text,
            status: whatsappOutbox.status,
            deliveryStatus: whatsappOutbox.deliveryStatus,
            createdAt: whatsappOutbox.createdAt,
          })
          .from(whatsappOutbox)
          .where(eq(whatsappOutbox.userId, userId))
          .orderBy(desc(whatsappOutbox.createdAt), desc(whatsappOutbox.id))
      ).map((m) => ({
        what: "message sent",
        number: `+${m.number}`,
        text: m.text,
        status: m.deliveryStatus ?? m.status,
        at: m.createdAt,
      })),
    ],
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
      .orderBy(desc(session.updatedAt), desc(session.id)),
    passkeys: await db
      .select({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt,
        deviceType: passkey.deviceType,
        backedUp: passkey.backedUp,
      })
      .from(passkey)
      .where(eq(passkey.userId, userId))
      .orderBy(desc(passkey.createdAt), desc(passkey.id)),
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
      .where(or(eq(consents.userId, userId), byAddress(eq(consents.email, email))))
      .orderBy(asc(consents.givenAt), asc(consents.id)),
    leads: proven
      ? await db
          .select()
          .from(leads)
          .where(eq(sql`lower(${leads.email})`, email))
          .orderBy(desc(leads.createdAt), desc(leads.id))
      : [],
    bookings: proven
      ? await db
          .select({
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
            status: bookings.status,
            name: bookings.name,
            email: bookings.email,
            phone: bookings.phone,
            company: bookings.company,
            topic: bookings.topic,
            createdAt: bookings.createdAt,
          })
          .from(bookings)
          .where(eq(sql`lower(${bookings.email})`, email))
          .orderBy(desc(bookings.startsAt), desc(bookings.id))
      : [],
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
      .where(or(byAddress(eq(invitations.email, email)), eq(invitations.acceptedBy, userId)))
      .orderBy(desc(invitations.createdAt), desc(invitations.id)),
    proposals: await db
      .select({
        title: proposals.title,
        client: clients.name,
        status: proposals.status,
        answeredAt: proposals.answeredAt,
        signedName: proposals.signedName,
        ipAddress: proposals.signedIp,
        userAgent: proposals.signedUserAgent,
        contentHash: proposals.contentHash,
      })
      .from(proposals)
      .innerJoin(clients, eq(clients.id, proposals.clientId))
      .where(eq(proposals.signedBy, userId))
      .orderBy(desc(proposals.answeredAt), desc(proposals.id)),
    addressNotConfirmed: proven ? null : { email, leftOut: MATCHED_BY_ADDRESS },
  };
}

/** The CSV of records: a header row (the union of the rows' keys), then one line per row. */
function recordsCsv(rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return toCsv([columns, ...rows.map((row) => columns.map((c) => row[c]))]);
}

/** Where the person confirms their address (Settings). */
const confirmUrl = (baseUrl: string) => `${baseUrl}/portal/settings`;

/** The README's lines about an address not yet confirmed: what was left out, and the way in. */
function notConfirmedLines(data: PersonalData, baseUrl: string) {
  const missing = data.addressNotConfirmed;
  if (!missing) return [];
  return [
    `Your e-mail address (${missing.email}) is not yet confirmed, so this download leaves out what`,
    "we hold under that address alone, whether or not there is any:",
    ...missing.leftOut.map((kind) => `  - ${kind}`),
    `Confirm your address in Settings (Confirm my e-mail address), then download again: ${confirmUrl(baseUrl)}`,
    "",
  ];
}

const README = (data: PersonalData, baseUrl: string) =>
  [
    `Your data from ${site.name} (${baseUrl})`,
    `Made on request at ${data.exportedAt}.`,
    "",
    ...notConfirmedLines(data, baseUrl),
    "data.json      everything below in one file",
    "account.csv    your account and profile (role, two-factor on or off, any pending deletion)",
    "clients.csv    the clients you belonged to in the portal, and when",
    "projects.csv   projects you created",
    "messages.csv   messages you sent (sent), the team's messages to your client (received) and",
    "               your client's other contacts' messages to the team (shared), while you belonged to it,",
    "               with the names and sizes of the files attached to them",
    "files.csv      files you uploaded to your projects and attached to messages (names, sizes, dates)",
    "reviews.csv    your answers to reviews (approvals and requested changes)",
    "notifications.csv what the portal notified you of, and when you read it",
    "notification_preferences.csv your choices in Settings → Notifications (kind, channel, on or off)",
    "whatsapp.csv   the WhatsApp number you gave, and the messages we sent to it",
    "sessions.csv   where you are signed in",
    "passkeys.csv   your passkeys (names and dates; keys are never exported)",
    "consents.csv   the privacy notices you were shown and your marketing choices",
    "leads.csv      contact messages and quote requests sent from your e-mail address",
    "bookings.csv   meetings booked on the website with your e-mail address",
    "invitations.csv invitations to the portal sent to your e-mail address",
    "proposals.csv  proposals you accepted or declined: the name you typed, when, your IP address",
    "               and browser, and the hash of what you accepted",
    "",
    `Privacy policy (version ${privacyNotice.version}): ${baseUrl}/legal/privacy`,
    "",
  ].join("\n");

/**
 * The zip: README.txt, data.json and one CSV per kind of record. Its links are `baseUrl`'s
 * (BASE_URL, read at run time: never the build's default address).
 */
export function personalDataZip(data: PersonalData, { baseUrl }: { baseUrl: string }): Uint8Array {
  const sections = {
    account: [data.account],
    clients: data.clients,
    projects: data.projects,
    messages: data.messages,
    files: data.files,
    reviews: data.reviews.map((r) => ({ ...r, about: JSON.stringify(r.about) })),
    notifications: data.notifications,
    notification_preferences: data.notificationPreferences,
    whatsapp: data.whatsapp,
    sessions: data.sessions,
    passkeys: data.passkeys,
    consents: data.consents,
    leads: data.leads,
    bookings: data.bookings,
    invitations: data.invitations,
    proposals: data.proposals,
  };
  const json = {
    ...data,
    addressNotConfirmed: data.addressNotConfirmed && {
      ...data.addressNotConfirmed,
      confirmAt: confirmUrl(baseUrl),
    },
  };
  const files: Record<string, Uint8Array> = {
    "README.txt": strToU8(README(data, baseUrl)),
    "data.json": strToU8(`${JSON.stringify(json, null, 2)}\n`),
  };
  for (const [name, rows] of Object.entries(sections)) {
    files[`${name}.csv`] = strToU8(recordsCsv(rows));
  }
  return zipSync(files, { level: 6 });
}
