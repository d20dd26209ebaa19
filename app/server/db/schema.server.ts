import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ChatTurn } from "../../lib/assistant/conversation";
import type { NotificationChannel, NotificationKind } from "../../lib/notification-kinds";
import type { SignUpPolicy } from "../../lib/validation/account-values";
import type {
  InvoiceKind,
  InvoiceStatus,
  ProposalItemKind,
  ProposalStatus,
} from "../../lib/validation/billing-values";
import type { BookingStatus } from "../../lib/validation/booking-values";
import type { MilestoneStatus, ReviewDecision } from "../../lib/validation/deliverables";
import type { LeadKind, LeadStatus } from "../../lib/validation/lead-status";
import type { ProjectPriority, ProjectStatus } from "../../lib/validation/portal";

/**
 * Milliseconds, as a JavaScript Date holds them: lists are keyset-paged on (created_at, id) with
 * the cursor in a Date, so a stored microsecond would let rows fall between pages (decision 022).
 */
/** A row's own id: a random UUID. */
const randomId = () => uuid("id").primaryKey().defaultRandom();
/** The client a row belongs to: it goes when its client goes. */
const clientOwner = () =>
  uuid("client_id")
    .notNull()
    .references((): AnyPgColumn => clients.id, { onDelete: "cascade" });
/** The project a row belongs to: it goes when its project goes. */
const projectOwner = () =>
  uuid("project_id")
    .notNull()
    .references((): AnyPgColumn => projects.id, { onDelete: "cascade" });
const createdAt = () =>
  timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// better-auth's own tables (model names: user, session, account, verification, rateLimit)
// ---------------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** better-auth's twoFactor plugin: the user confirmed an authenticator app. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** better-auth's twoFactor plugin (model `twoFactor`): the encrypted TOTP secret and backup codes. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** False between "enable" and the first correct code. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

/** @better-auth/passkey (model `passkey`): WebAuthn credentials a user signs in with. */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------
// The product's tables
// ---------------------------------------------------------------------------

/**
 * A client: a company the agency works for. Its contacts (users with a profile naming it) share
 * its projects and its conversation with the agency. Self sign-up creates one named after the
 * person; a lead can become one (`leadId`).
 */
export const clients = pgTable(
  "clients",
  {
    id: randomId(),
    name: text("name").notNull(),
    /** The lead it was converted from, if any. */
    leadId: uuid("lead_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    /** Its phone and address, carried over from the lead it was converted from (decision 067). */
    phone: text("phone"),
    address: text("address"),
    /**
     * Made by a person's own sign-up (a client of their own, named after them), not by the
     * agency: marked 'Self-registered' in Clients, and its contact can be moved into an existing
     * client (issue 30, point 2).
     */
    selfRegistered: boolean("self_registered").notNull().default(false),
    // Milliseconds, as a JavaScript Date holds them: the Clients list's cursor is then exact
    // (with microseconds, rows made in one transaction would fall between two pages).
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clients_name_idx").on(t.name),
    // The Clients list, newest first (keyset paging; scanned backwards, branch clients).
    index("clients_created_idx").on(t.createdAt, t.id),
    check("clients_name_check", sql`length(${t.name}) between 1 and 200`),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name"),
    /** The client this person is a contact of; null for agency staff. */
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("profiles_client_idx").on(t.clientId)],
);

/**
 * The agency's roles (decision 065): an administrator (Owner/Administrator: everything) or a
 * team member (only the clients they are assigned to; no Leads, Team or workspace settings).
 * A person with no role is a client's contact.
 */
export const ROLES = ["admin", "team"] as const;
export type Role = (typeof ROLES)[number];

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").$type<Role>().notNull(),
    /** A team member who may see billing (proposals, invoices) of their clients (decision 072). */
    billing: boolean("billing").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("user_roles_role_check", sql`${t.role} in ('admin', 'team')`)],
);

/**
 * Which clients a team member works on (decision 065): an administrator assigns them on the
 * client's page. A team member's scope is exactly these clients.
 */
export const clientAssignments = pgTable(
  "client_assignments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    assignedBy: text("assigned_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clientId] }),
    index("client_assignments_client_idx").on(t.clientId),
  ],
);

/**
 * Settings administrators change in the portal. One row (id 1); no row means the defaults.
 * `requireAdminTwoFactor`: administrators without two-factor authentication may only use
 * Settings until they turn it on (the REQUIRE_ADMIN_2FA variable forces the same).
 */
export const portalSettings = pgTable(
  "portal_settings",
  {
    id: integer("id").primaryKey().default(1),
    requireAdminTwoFactor: boolean("require_admin_two_factor").notNull().default(false),
    /** A review unanswered this many days reminds the contacts, twice as many the agency (057). */
    reviewReminderDays: integer("review_reminder_days").notNull().default(3),
    /** Who can create an account on their own: anyone (the spec), or by invitation only (052). */
    signUpPolicy: text("sign_up_policy").$type<SignUpPolicy>().notNull().default("anyone"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("portal_settings_single_row", sql`${t.id} = 1`),
    check(
      "portal_settings_sign_up_policy_check",
      sql`${t.signUpPolicy} in ('anyone', 'invitation')`,
    ),
  ],
);

export type { ProjectPriority, ProjectStatus };

export const projects = pgTable(
  "projects",
  {
    id: randomId(),
    /** The client it is for: every contact of the client shares it. */
    clientId: clientOwner(),
    /** Who created it (null once that account is gone). */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status").$type<ProjectStatus>().notNull().default("active"),
    priority: text("priority").$type<ProjectPriority>().notNull().default("medium"),
    progress: integer("progress").notNull().default(0),
    /** Planned start and finish (a converted quote's dates); shown nowhere yet. */
    startDate: date("start_date"),
    dueDate: date("due_date"),
    /** The progress is set from the milestones (the share done), not by hand (deliverables). */
    progressFromMilestones: boolean("progress_from_milestones").notNull().default(false),
    /**
     * When the agency took the project on (decision 050): from then on only the agency changes
     * it. Null while it is a contact's own (made with 'New Project' and not yet taken on); every
     * other project is the agency's from the start (the default).
     */
    takenOnAt: timestamp("taken_on_at", { withTimezone: true, precision: 3 }).defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Keyset indexes are ascending: read backwards they are exactly `order by created_at desc,
  // id desc`; declared `.desc()` they would be `desc nulls last`, which Postgres does not use
  // for that order (a sort of every row instead; tested in db/keyset-indexes.server.test.ts).
  (t) => [
    index("projects_client_created_idx").on(t.clientId, t.createdAt, t.id),
    index("projects_created_idx").on(t.createdAt, t.id),
    check(
      "projects_status_check",
      sql`${t.status} in ('active', 'completed', 'on-hold', 'cancelled')`,
    ),
    check("projects_priority_check", sql`${t.priority} in ('low', 'medium', 'high', 'urgent')`),
    check("projects_progress_check", sql`${t.progress} between 0 and 100`),
    check("projects_title_check", sql`length(${t.title}) between 1 and 200`),
  ],
);

/**
 * The conversation between a client and the agency: a contact writes to the team
 * (`fromAgency` false), staff write to the client (true). Optionally about one of the client's
 * projects. Read state is per person (`messageReads`); a person's own messages are read for them.
 */
export const messageThreads = pgTable(
  "message_threads",
  {
    /** The id of the thread's first message (trigger messages_thread, decision 068). */
    id: uuid("id").primaryKey(),
    clientId: clientOwner(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    createdAt: createdAt(),
    /** Its newest message's time: the inbox lists conversations by it, newest first. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("message_threads_client_last_idx").on(t.clientId, t.lastMessageAt, t.id),
    index("message_threads_last_idx").on(t.lastMessageAt, t.id),
    index("message_threads_project_idx").on(t.projectId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: randomId(),
    clientId: clientOwner(),
    /**
     * The conversation it belongs to (decision 068). Left out, the trigger messages_thread
     * starts a new one with the message's id, client, project and subject; given, the message
     * must be of the thread's client and moves the thread's last_message_at. Never null once
     * stored (NOT NULL in the database; optional here so that an insert may leave it out).
     */
    threadId: uuid("thread_id")
      .$type<string>()
      .references((): AnyPgColumn => messageThreads.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    senderId: text("sender_id").references(() => user.id, { onDelete: "set null" }),
    fromAgency: boolean("from_agency").notNull(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    /**
     * When the other side first wrote after this message (Analytics' reply times); null until
     * then. Written by the trigger messages_reply_at (migration 0013) as the reply is stored.
     */
    replyAt: timestamp("reply_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_client_created_idx").on(t.clientId, t.createdAt, t.id),
    index("messages_unanswered_idx").on(t.clientId, t.fromAgency).where(sql`${t.replyAt} is null`),
    index("messages_created_idx").on(t.createdAt, t.id),
    // Analytics' reply times and active clients over every client: read from the index alone.
    index("messages_created_reply_idx").on(t.createdAt, t.clientId, t.fromAgency, t.replyAt),
    index("messages_sender_idx").on(t.senderId),
    index("messages_project_idx").on(t.projectId),
    index("messages_thread_created_idx").on(t.threadId, t.createdAt, t.id),
    check("messages_subject_check", sql`length(${t.subject}) between 1 and 200`),
    check("messages_content_check", sql`length(${t.content}) between 1 and 5000`),
  ],
);

/** Who has opened which message, and when. */
export const messageReads = pgTable(
  "message_reads",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index("message_reads_user_idx").on(t.userId),
  ],
);

/**
 * An invitation to the portal: a contact of a client, or (no client) a member of the agency's
 * team, who becomes an administrator. Only the token's hash is stored; the link is one-time and
 * expires.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: randomId(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Null: an invitation to the agency's team. */
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    /** An invitation to the team: the role it gives (null for a client's contact). */
    role: text("role").$type<Role>(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When its link was last mailed (created or resent): rate limits and the pending list. */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("invitations_client_idx").on(t.clientId, t.createdAt),
    index("invitations_email_idx").on(t.email),
    index("invitations_invited_by_sent_idx").on(t.invitedBy, t.sentAt),
    check("invitations_name_check", sql`length(${t.name}) between 1 and 100`),
    check("invitations_email_check", sql`length(${t.email}) between 3 and 255`),
    check("invitations_role_check", sql`${t.role} is null or ${t.role} in ('admin', 'team')`),
  ],
);

/**
 * What happened in a client's work, for the project pages, the dashboard and the reports:
 * who did what and when. `data` holds the kind's details (e.g. a status change's from and to).
 */
export const activity = pgTable(
  "activity",
  {
    id: randomId(),
    clientId: clientOwner(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Who may read the line (decision 066): 'client' (the client's contacts and the agency) or
     * 'agency' (the agency's internal edits and files; never a contact).
     */
    audience: text("audience").$type<ActivityAudience>().notNull().default("client"),
    createdAt: createdAt(),
  },
  (t) => [
    check("activity_audience_check", sql`${t.audience} in ('client', 'agency')`),
    index("activity_project_created_idx").on(t.projectId, t.createdAt, t.id),
    index("activity_client_created_idx").on(t.clientId, t.createdAt, t.id),
    index("activity_created_idx").on(t.createdAt, t.id),
    // Analytics' active clients: a period's changes per client, from the index alone.
    index("activity_created_client_idx").on(t.createdAt, t.clientId, t.kind),
  ],
);

export type ActivityAudience = "client" | "agency";

/**
 * The agency's notes to itself (decision 066) on a client, a project or a lead: never shown to
 * a contact. Exactly one of client, project or lead.
 */
export const internalNotes = pgTable(
  "internal_notes",
  {
    id: randomId(),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").references((): AnyPgColumn => leads.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("internal_notes_client_idx").on(t.clientId, t.createdAt),
    index("internal_notes_project_idx").on(t.projectId, t.createdAt),
    index("internal_notes_lead_idx").on(t.leadId, t.createdAt),
    check("internal_notes_body_check", sql`length(${t.body}) between 1 and 5000`),
    check(
      "internal_notes_one_owner",
      sql`num_nonnulls(${t.clientId}, ${t.projectId}, ${t.leadId}) = 1`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// Leads and the e-mail outbox
// ---------------------------------------------------------------------------

export type { LeadKind, LeadStatus };

export const leads = pgTable(
  "leads",
  {
    id: randomId(),
    kind: text("kind").$type<LeadKind>().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    /** The message as sent to the agency (composed for quotes). */
    message: text("message").notNull(),
    packageName: text("package_name"),
    address: text("address"),
    startDate: date("start_date"),
    finishDate: date("finish_date"),
    /** Chat leads: the conversation with the site assistant that led to the handover. */
    conversation: jsonb("conversation").$type<ChatTurn[]>(),
    /** A chat lead from WhatsApp (decision 079): the number the conversation goes on with. */
    whatsappWaId: text("whatsapp_wa_id"),
    /** Since when the person waits for the team's answer (null: not waiting). */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    /** The visitor saw the privacy notice and submitted: POPIA consent and when. */
    consent: boolean("consent").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    consentNotice: text("consent_notice").notNull(),
    /** The privacy-notice version the form linked (app/content/legal.ts `privacyNotice`). */
    privacyNoticeVersion: text("privacy_notice_version").notNull(),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    /** The client it became ('Convert to client'). */
    clientId: uuid("client_id").references((): AnyPgColumn => clients.id, {
      onDelete: "set null",
    }),
    ipAddress: text("ip_address"),
    /** The site page the form was on ("/pricing"); null when unknown (the JSON endpoint). */
    sourcePath: text("source_path"),
    /** When its status first changed (lead_events keeps every change): Analytics' first response. */
    firstStatusChangeAt: timestamp("first_status_change_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin list's keyset pages, unfiltered and by status or kind: read backwards, each is
    // exactly `order by created_at desc, id desc` (an index declared `desc` would be
    // `nulls last`, which that order is not).
    index("leads_created_id_idx").on(t.createdAt, t.id),
    index("leads_status_created_idx").on(t.status, t.createdAt, t.id),
    index("leads_kind_created_idx").on(t.kind, t.createdAt, t.id),
    index("leads_email_created_idx").on(t.email, t.createdAt),
    index("leads_ip_created_idx").on(t.ipAddress, t.createdAt),
    // Analytics' median time to a first status change: read from the index alone.
    index("leads_first_change_idx")
      .on(t.createdAt, t.kind, t.firstStatusChangeAt)
      .where(sql`${t.firstStatusChangeAt} is not null`),
    check("leads_kind_check", sql`${t.kind} in ('contact', 'quote', 'chat', 'booking')`),
    check("leads_status_check", sql`${t.status} in ('new', 'contacted', 'won', 'lost')`),
  ],
);

/** What the lead rollups count by, and the count ('' for no package or no known page). */
const leadCountColumns = () => ({
  kind: text("kind").$type<LeadKind>().notNull(),
  packageName: text("package_name").notNull(),
  status: text("status").$type<LeadStatus>().notNull(),
  sourcePath: text("source_path").notNull(),
  leads: integer("leads").notNull(),
});

/**
 * Leads counted per South African calendar day and per everything Analytics groups them by, kept
 * exact by the trigger leads_day_counts (migration 0013) on every insert, change and erasure of
 * a lead: a period's counts read a few rows per day instead of every lead. A lead without a
 * package or a known page counts under ''.
 */
export const leadDayCounts = pgTable(
  "lead_day_counts",
  {
    day: date("day").notNull(),
    ...leadCountColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.packageName, t.status, t.sourcePath] })],
);

/**
 * The same counts per week (Monday to Sunday, South African days), kept by the same trigger:
 * a long period reads its whole weeks here and only its first and last days from
 * lead_day_counts (decision 026).
 */
export const leadWeekCounts = pgTable(
  "lead_week_counts",
  {
    week: date("week").notNull(),
    ...leadCountColumns(),
  },
  (t) => [primaryKey({ columns: [t.week, t.kind, t.packageName, t.status, t.sourcePath] })],
);

/** A file sent with a mail: its name, type and text (an .ics is text). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: randomId(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    /** An HTML alternative to the text (notification mail); null: text only. */
    htmlBody: text("html_body"),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post); null: none. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Files sent with the mail (a booking's .ics); null: none. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

// ---------------------------------------------------------------------------
// Privacy (POPIA): consents, account deletions, privacy requests, scheduled jobs
// ---------------------------------------------------------------------------

export const CONSENT_PURPOSES = ["privacy-notice", "marketing", "whatsapp"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * Consents a person gave: the privacy notice shown at sign-up or invitation (a lead's own is on
 * the lead), and marketing e-mail opt-ins (POPIA section 69) from any form. `email` is kept in
 * lower case; a marketing consent is withdrawn by the unsubscribe link.
 */
export const consents = pgTable(
  "consents",
  {
    id: randomId(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    purpose: text("purpose").$type<ConsentPurpose>().notNull(),
    /** Where it was given: sign-up, invitation, contact, quote … */
    source: text("source").notNull(),
    /** The privacy-notice version shown (app/content/legal.ts). */
    noticeVersion: text("notice_version").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    index("consents_user_idx").on(t.userId),
    index("consents_lead_idx").on(t.leadId),
    index("consents_email_idx").on(t.email),
    check(
      "consents_purpose_check",
      sql`${t.purpose} in ('privacy-notice', 'marketing', 'whatsapp')`,
    ),
  ],
);

/**
 * A person asked to delete their account: erased at `dueAt` unless they sign in before. The row
 * outlives the erasure (`erasedAt`) as the record that it happened; it names no one.
 */
export const accountDeletions = pgTable("account_deletions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  /** Signing in cancelled it; cleared once the person has been told. */
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  erasedAt: timestamp("erased_at", { withTimezone: true }),
});

/**
 * Who belonged to which client, and when: a row per stay, kept by a trigger on profiles
 * (migration 0019), so every way a person joins or leaves a client is recorded. 'Download my
 * data' holds a client's messages from the time the person belonged to it (decision 034).
 */
export const clientMemberships = pgTable(
  "client_memberships",
  {
    id: randomId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    clientId: clientOwner(),
    joinedAt: timestamp("joined_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Null while the person still belongs to the client. */
    leftAt: timestamp("left_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [index("client_memberships_user_idx").on(t.userId, t.clientId)],
);

/**
 * Requests counted by a rate limit kept in the database (rate-limits.server.ts), so every
 * instance counts the same: the key (a client IP) only as a keyed hash; rows go after an hour.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: randomId(),
    bucket: text("bucket").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.bucket, t.keyHash, t.createdAt)],
);

/**
 * Privacy requests from the public site and Settings, for rate limits only: the address is kept
 * as a keyed hash, and rows older than a day are purged.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: randomId(),
    kind: text("kind").notNull(),
    keyHash: text("key_hash").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("privacy_requests_key_idx").on(t.kind, t.keyHash, t.createdAt),
    index("privacy_requests_ip_idx").on(t.kind, t.ipAddress, t.createdAt),
  ],
);

/** Scheduled jobs: one row per job; an instance leases it (`lockedUntil`) to run it alone. */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lockedBy: text("locked_by"),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastResult: text("last_result"),
});

// ---------------------------------------------------------------------------
// deliverables: a project's files (decision 018), milestones and reviews
// ---------------------------------------------------------------------------

/** Binary data: Buffer from node-postgres, Uint8Array from PGlite; either goes in. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * A project's file: a name (unique in the project, case aside) with one or more ready versions.
 * The row appears only when its first version is complete.
 */
export const projectFiles = pgTable(
  "project_files",
  {
    id: randomId(),
    clientId: clientOwner(),
    projectId: projectOwner(),
    /** The latest version's name. */
    name: text("name").notNull(),
    /**
     * The name in lower case: a new upload of the same name by the same side is a new version.
     */
    nameKey: text("name_key").notNull(),
    /**
     * The side the file belongs to (decision 051): the agency's (its deliverables) or the
     * client's ('From client'). Only that side adds versions; the other side's upload of the same
     * name is a separate file.
     */
    side: text("side").$type<"agency" | "client">().notNull().default("agency"),
    /**
     * The agency's internal file (decision 066): never shown, listed, counted or downloadable
     * for a contact. Only an agency-side file can be internal.
     */
    internal: boolean("internal").notNull().default(false),
    /** Who started it (its 'Uploaded by'; never changes). */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("project_files_name_idx").on(t.projectId, t.side, t.nameKey),
    check("project_files_side_check", sql`${t.side} in ('agency', 'client')`),
    check("project_files_internal_check", sql`not ${t.internal} or ${t.side} = 'agency'`),
    index("project_files_client_idx").on(t.clientId),
  ],
);

export const FILE_VERSION_STATES = ["pending", "ready"] as const;
export type FileVersionState = (typeof FILE_VERSION_STATES)[number];

/** Where a version's bytes are (decision 091): chunks in this database, a file, an object. */
export const FILE_STORAGE_KINDS = ["db", "disk", "s3"] as const;
export type FileStorageKind = (typeof FILE_STORAGE_KINDS)[number];

/**
 * One upload of a file. 'pending' while its chunks arrive (never listed; `leaseUntil` is renewed
 * with every chunk, and a pending row past it is an abandoned upload the cleanup removes), then
 * 'ready' with its file, number, size, type and hash, in one transaction. A message's attachment
 * (decision 087) is one too: ready with its `messageId`, and, when the conversation names a
 * project, also a version of that project's file of its name (listed with the project's files).
 */
export const fileVersions = pgTable(
  "file_versions",
  {
    id: randomId(),
    clientId: clientOwner(),
    /** Null for an attachment of a conversation that names no project. */
    projectId: uuid("project_id").references((): AnyPgColumn => projects.id, {
      onDelete: "cascade",
    }),
    /** The message it is attached to, when it is an attachment. */
    messageId: uuid("message_id").references((): AnyPgColumn => messages.id, {
      onDelete: "cascade",
    }),
    fileId: uuid("file_id").references(() => projectFiles.id, { onDelete: "cascade" }),
    number: integer("number"),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    sha256: text("sha256"),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    state: text("state").$type<FileVersionState>().notNull().default("pending"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /**
     * Where its bytes are (decision 091), set with `state` in the transaction that makes it
     * ready: 'db' (its `file_chunks`; every version older than the setting), 'disk' or 's3',
     * whose `storageKey` names the bytes (the SHA-256 on disk, the object's key on S3).
     */
    storage: text("storage").$type<FileStorageKind>().notNull().default("db"),
    storageKey: text("storage_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("file_versions_number_idx").on(t.fileId, t.number),
    index("file_versions_storage_idx").on(t.storage, t.storageKey),
    check("file_versions_storage_check", sql`${t.storage} in ('db', 'disk', 's3')`),
    index("file_versions_project_idx").on(t.projectId, t.state),
    index("file_versions_lease_idx").on(t.state, t.leaseUntil),
    index("file_versions_message_idx").on(t.messageId),
    check("file_versions_state_check", sql`${t.state} in ('pending', 'ready')`),
    check(
      "file_versions_ready_check",
      sql`${t.state} = 'pending' or ${t.messageId} is not null or (${t.fileId} is not null and ${t.number} is not null)`,
    ),
    // A project's file version names its project; only an attachment may go without one.
    check(
      "file_versions_owner_check",
      sql`${t.projectId} is not null or (${t.fileId} is null and ${t.messageId} is not null) or ${t.state} = 'pending'`,
    ),
  ],
);

/** A version's content in pieces of FILE_CHUNK_BYTES (the last one shorter), in `seq` order. */
export const fileChunks = pgTable(
  "file_chunks",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => fileVersions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.seq] })],
);

export type { MilestoneStatus };

/** A project's milestone; administrators order them (`position`, smallest first). */
export const milestones = pgTable(
  "milestones",
  {
    id: randomId(),
    clientId: clientOwner(),
    projectId: projectOwner(),
    title: text("title").notNull(),
    description: text("description"),
    dueDate: date("due_date").notNull(),
    status: text("status").$type<MilestoneStatus>().notNull().default("planned"),
    position: integer("position").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("milestones_project_idx").on(t.projectId, t.position),
    index("milestones_client_idx").on(t.clientId),
    // hookup: Analytics' overdue milestones for every client read only the open ones' due dates.
    index("milestones_open_due_idx").on(t.dueDate).where(sql`${t.status} <> 'done'`),
    check("milestones_status_check", sql`${t.status} in ('planned', 'in-progress', 'done')`),
    check("milestones_title_check", sql`length(${t.title}) between 1 and 200`),
  ],
);

/** What a review was about, as it was when an administrator marked it 'Ready for review'. */
export type ReviewSubject =
  | { kind: "file"; fileId: string; fileName: string; version: number }
  | {
      kind: "milestone";
      title: string;
      status: MilestoneStatus;
      dueDate: string;
      description: string | null;
    };

/**
 * 'Ready for review' on a file version or a milestone. `subject` records exactly what was put
 * up; the target columns go null if it is deleted later, the record stays.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: randomId(),
    clientId: clientOwner(),
    projectId: projectOwner(),
    fileVersionId: uuid("file_version_id").references(() => fileVersions.id, {
      onDelete: "set null",
    }),
    milestoneId: uuid("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    subject: jsonb("subject").$type<ReviewSubject>().notNull(),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_project_idx").on(t.projectId, t.createdAt),
    index("reviews_client_idx").on(t.clientId, t.createdAt),
    index("reviews_file_version_idx").on(t.fileVersionId),
    index("reviews_milestone_idx").on(t.milestoneId),
  ],
);

export type { ReviewDecision };

/**
 * A contact's answer to a review: one per review (its key), written once and never updated —
 * the product has no code path that changes it, and a second answer hits the key.
 */
export const reviewAnswers = pgTable(
  "review_answers",
  {
    reviewId: uuid("review_id")
      .primaryKey()
      .references(() => reviews.id, { onDelete: "cascade" }),
    decision: text("decision").$type<ReviewDecision>().notNull(),
    comment: text("comment"),
    answeredBy: text("answered_by").references(() => user.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where it was given: the portal, or a WhatsApp button (decision 078). */
    channel: text("channel").$type<"portal" | "whatsapp">().notNull().default("portal"),
  },
  (t) => [
    check("review_answers_decision_check", sql`${t.decision} in ('approved', 'changes-requested')`),
    check(
      "review_answers_comment_check",
      sql`${t.decision} = 'approved' or length(trim(${t.comment})) > 0`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// reports: lead status history (Analytics' funnel timing)
// ---------------------------------------------------------------------------

/**
 * Every change of a lead's status, kept from now on: who moved it from what to what, and when.
 * Analytics reads the first one per lead (time to first status change). Goes with its lead.
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: randomId(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<LeadStatus>().notNull(),
    toStatus: text("to_status").$type<LeadStatus>().notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_events_lead_created_idx").on(t.leadId, t.createdAt),
    check(
      "lead_events_status_check",
      sql`${t.fromStatus} in ('new', 'contacted', 'won', 'lost') and ${t.toStatus} in ('new', 'contacted', 'won', 'lost')`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// analytics: which figures' data changed (decision 028)
// ---------------------------------------------------------------------------

/**
 * A row per transaction that changed a table a group of Analytics figures reads (`domain`:
 * 'leads' or 'work'), or one the portal's kept pages read besides ('portal', decision 029),
 * written by the statement trigger figure_changes_* on each of those tables (migrations 0016
 * and 0017); `xact` is the transaction's id. The sum of `changes` per domain therefore grows
 * with every commit that touched the domain's data, and only then: Analytics keeps a domain's
 * figures for its sum, the portal its kept pages. A job folds the rows into one per domain
 * (`xact` 0) keeping every sum.
 */
export const figureChanges = pgTable(
  "figure_changes",
  {
    domain: text("domain").notNull(),
    xact: bigint("xact", { mode: "number" }).notNull(),
    changes: bigint("changes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.xact] })],
);

// ---------------------------------------------------------------------------
// notifications (issue 31, decision 056): what asked a person to act, per person
// ---------------------------------------------------------------------------

/**
 * One notification for one person, written in the transaction of the event that caused it.
 * `link` is the portal path of the exact place (a review, a message, a lead); `groupKey` names
 * the thread or project it belongs to (mails of one group within a few minutes become one).
 * Goes with its person and with its client; the actor is set null when their account goes.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: randomId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** What it is about, in a few words: a file's name, a message's subject, a lead's name. */
    title: text("title").notNull(),
    link: text("link").notNull(),
    groupKey: text("group_key").notNull(),
    /**
     * Its e-mail (decision 057): 'pending' until the mail job groups it into one mail with the
     * others of its group and person ('queued'); null when it is not mailed.
     */
    emailState: text("email_state").$type<"pending" | "queued">(),
    /**
     * Files its e-mail carries (a booking's .ics for its host, decision 086); kept only while it
     * waits to be mailed.
     */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_actor_idx").on(t.actorId),
    index("notifications_client_idx").on(t.clientId),
    check("notifications_title_check", sql`length(${t.title}) between 1 and 300`),
    index("notifications_email_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.emailState} = 'pending'`),
  ],
);

/**
 * Each reminder sent, once per occasion (a milestone due tomorrow, overdue, a review waiting):
 * its key is unique, so the reminder job, on whichever instance, tells people of it once.
 */
export const notificationOccasions = pgTable("notification_occasions", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

/**
 * A person's choice for one kind on one channel (Settings → Notifications, or a mail's
 * unsubscribe link); no row: the kind's default (`NOTIFICATION_KINDS`).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    channel: text("channel").$type<NotificationChannel>().notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

// ---------------------------------------------------------------------------
// rolling deploys: every build's hashed assets, so that a page served by the previous build
// still loads its scripts from an instance running the next one (decision 064)
// ---------------------------------------------------------------------------

export const buildAssets = pgTable("build_assets", {
  /** The URL path, `/assets/<name>-<hash>.<ext>`. */
  path: text("path").primaryKey(),
  body: bytea("body").notNull(),
  br: bytea("br"),
  gz: bytea("gz"),
  /** Last start of an instance whose build has it; pruned 30 days later. */
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------
// WhatsApp (issue 31 point 4, decision 078): numbers opted in, messages out, messages in
// ---------------------------------------------------------------------------

/**
 * A person's WhatsApp number (digits with the country code, as WhatsApp names it: `wa_id`).
 * Confirmed by a code sent to it (`codeHash` until then); active while `confirmedAt` is set.
 * STOP or Settings sets `optedOutAt` and clears `confirmedAt`. `awaitingCommentFor`: a review
 * whose 'Request changes' waits for its comment in their next message.
 */
export const whatsappNumbers = pgTable(
  "whatsapp_numbers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    waId: text("wa_id").notNull(),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
    awaitingCommentFor: uuid("awaiting_comment_for").references(() => reviews.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One person per confirmed number: a message from it names one sender.
    uniqueIndex("whatsapp_numbers_confirmed_idx")
      .on(t.waId)
      .where(sql`${t.confirmedAt} is not null`),
  ],
);

export type WhatsAppTemplate = {
  name: string;
  language: string;
  /** The body's parameters {{1}}, {{2}} … in order. */
  body: string[];
  /** Quick-reply buttons' payloads, by button index. */
  buttons?: string[];
  /** An authentication template's copy-code button: the code. */
  copyCode?: string;
};

/**
 * WhatsApp's outbox: written in the transaction of what caused it (a notification: at most one
 * per notification, its key), sent by a worker with retries and backoff (rows claimed with SKIP
 * LOCKED). Free-form `text` (with reply `buttons`) inside the 24-hour window, else `template`;
 * a row without a template is only sent inside the window. `providerMessageId` is WhatsApp's id;
 * `deliveryStatus` follows the webhook's statuses (sent, delivered, read, failed).
 */
export const whatsappOutbox = pgTable(
  "whatsapp_outbox",
  {
    id: randomId(),
    notificationId: uuid("notification_id").references(() => notifications.id, {
      onDelete: "cascade",
    }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    waId: text("wa_id").notNull(),
    text: text("text").notNull(),
    buttons: jsonb("buttons").$type<{ id: string; title: string }[]>(),
    template: jsonb("template").$type<WhatsAppTemplate>(),
    /** What it is about, for answers that come back: a review, a message. */
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "set null" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAs: text("sent_as").$type<"text" | "template">(),
    providerMessageId: text("provider_message_id"),
    deliveryStatus: text("delivery_status").$type<"sent" | "delivered" | "read" | "failed">(),
    deliveryStatusAt: timestamp("delivery_status_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("whatsapp_outbox_notification_idx").on(t.notificationId),
    uniqueIndex("whatsapp_outbox_provider_idx").on(t.providerMessageId),
    index("whatsapp_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("whatsapp_outbox_user_idx").on(t.userId),
    index("whatsapp_outbox_review_idx").on(t.reviewId),
    index("whatsapp_outbox_message_idx").on(t.messageId),
    check("whatsapp_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * The site assistant's conversation with a number that wrote to the business on WhatsApp
 * (issue 34 point 4, decision 079): its turns until it is handed to the team as a 'chat' lead
 * (`leadId`); after that the lead's conversation goes on. Erased with its lead.
 */
export const whatsappConversations = pgTable("whatsapp_conversations", {
  waId: text("wa_id").primaryKey(),
  /** The name WhatsApp gives for the number (its profile), if any. */
  name: text("name"),
  turns: jsonb("turns").$type<ChatTurn[]>().notNull(),
  leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every message received (WhatsApp's id): a webhook delivered twice is acted on once, and the
 * newest per number opens WhatsApp's 24-hour window for free-form messages to it.
 */
export const whatsappInbound = pgTable(
  "whatsapp_inbound",
  {
    id: text("id").primaryKey(),
    waId: text("wa_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("whatsapp_inbound_wa_received_idx").on(t.waId, t.receivedAt)],
);

// ---------------------------------------------------------------------------
// Booking (issue 33, decisions 075–077): meeting types, hosts' hours, days off and busy feeds,
// bookings, and the time each booking holds (its host's 5-minute units: the constraint that
// makes a double booking impossible).
// ---------------------------------------------------------------------------

export type { BookingStatus };

/** A kind of meeting visitors book on the site (the 30-minute consultation, the voice demo). */
export const meetingTypes = pgTable(
  "meeting_types",
  {
    id: randomId(),
    /** Its place in the booking page's address: /book/<slug>. */
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    minutes: integer("minutes").notNull(),
    bufferBefore: integer("buffer_before").notNull().default(0),
    bufferAfter: integer("buffer_after").notNull().default(0),
    /** The earliest slot offered is this many minutes from now. */
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(240),
    /** Slots are offered up to this many days ahead. */
    maxDaysAhead: integer("max_days_ahead").notNull().default(30),
    /** Where the meeting happens: a video link or an address (in the mail and the .ics). */
    location: text("location").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("meeting_types_slug_check", sql`${t.slug} ~ '^[a-z0-9-]{1,40}$'`),
    check(
      "meeting_types_minutes_check",
      sql`${t.minutes} between 5 and 480 and ${t.minutes} % 5 = 0`,
    ),
    check(
      "meeting_types_buffers_check",
      sql`${t.bufferBefore} between 0 and 240 and ${t.bufferBefore} % 5 = 0 and ${t.bufferAfter} between 0 and 240 and ${t.bufferAfter} % 5 = 0`,
    ),
    check("meeting_types_notice_check", sql`${t.minNoticeMinutes} between 0 and 43200`),
    check("meeting_types_ahead_check", sql`${t.maxDaysAhead} between 1 and 365`),
  ],
);

/**
 * A person of the agency who takes meetings, and their optional busy-times feed (an iCal URL
 * they pasted): its busy times are kept here as fetched, so slots are worked out without
 * reaching it on every page.
 */
export const bookingHosts = pgTable("booking_hosts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  takesMeetings: boolean("takes_meetings").notNull().default(true),
  busyFeedUrl: text("busy_feed_url"),
  /** The feed's busy times, [start, end] ISO pairs, as last fetched. */
  busyTimes: jsonb("busy_times").$type<[string, string][]>().notNull().default([]),
  busyFetchedAt: timestamp("busy_fetched_at", { withTimezone: true }),
  busyFeedError: text("busy_feed_error"),
  updatedAt: updatedAt(),
});

/** A host's weekly hours, in South African time: weekday 0 (Sunday) to 6, minutes of the day. */
export const bookingHours = pgTable(
  "booking_hours",
  {
    id: randomId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [
    index("booking_hours_user_idx").on(t.userId, t.weekday),
    check("booking_hours_weekday_check", sql`${t.weekday} between 0 and 6`),
    check(
      "booking_hours_range_check",
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

/** A host's day off (South African calendar day): no slot of theirs that day. */
export const bookingDaysOff = pgTable(
  "booking_days_off",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A booked meeting. `linkVersion` is in the visitor's reschedule/cancel links: moving the
 * meeting raises it, so a link used once does not work again. Its lead is the visitor's
 * ('Booking'); `hostId` is kept null when the host's account goes (the booking stays history).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: randomId(),
    meetingTypeId: uuid("meeting_type_id")
      .notNull()
      .references(() => meetingTypes.id, { onDelete: "restrict" }),
    hostId: text("host_id").references(() => user.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").$type<BookingStatus>().notNull().default("confirmed"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    topic: text("topic").notNull(),
    /** The visitor's lead: erasing it (their request, retention) erases their bookings too. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    linkVersion: integer("link_version").notNull().default(1),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_starts_idx").on(t.startsAt, t.id),
    index("bookings_host_starts_idx").on(t.hostId, t.startsAt),
    index("bookings_lead_idx").on(t.leadId),
    index("bookings_email_idx").on(t.email),
    check(
      "bookings_status_check",
      sql`${t.status} in ('confirmed', 'cancelled', 'held', 'no-show')`,
    ),
    check("bookings_time_check", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * The time a live booking holds of its host, buffers included, in 5-minute units: the primary
 * key makes two bookings of one host that overlap impossible, whichever instance writes them
 * and however close together (decision 075). A cancelled booking's units are deleted.
 */
export const bookingUnits = pgTable(
  "booking_units",
  {
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    unitStart: timestamp("unit_start", { withTimezone: true }).notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.hostId, t.unitStart] }),
    index("booking_units_booking_idx").on(t.bookingId),
  ],
);

// ---------------------------------------------------------------------------
// speed: relations for better-auth's joined reads (`advanced.database.joins`): a session and
// its user in one query on every signed-in request. No columns, no migration.
// ---------------------------------------------------------------------------

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));

// ---------------------------------------------------------------------------
// billing (issue 32, decisions 071–074): money in integer cents of a rand
// ---------------------------------------------------------------------------

/**
 * The VAT rate from a date on (basis points: 1500 = 15%). The rate of a supply is the row with
 * the latest `startsOn` not after its date, so a change of rate is one insert, never a code change.
 */
export const vatRates = pgTable(
  "vat_rates",
  {
    startsOn: date("starts_on", { mode: "string" }).primaryKey(),
    basisPoints: integer("basis_points").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("vat_rates_basis_points_check", sql`${t.basisPoints} between 0 and 10000`)],
);

/**
 * The business's legal and banking details, printed on proposals and tax invoices (one row,
 * id 1; a column still null is shown as 'to be confirmed').
 */
export const billingDetails = pgTable(
  "billing_details",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name"),
    address: text("address"),
    registrationNumber: text("registration_number"),
    vatNumber: text("vat_number"),
    bankName: text("bank_name"),
    accountHolder: text("account_holder"),
    accountNumber: text("account_number"),
    branchCode: text("branch_code"),
    /** Days an invoice gives to pay. */
    paymentDays: integer("payment_days").notNull().default(7),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("billing_details_single_row", sql`${t.id} = 1`),
    check("billing_details_payment_days_check", sql`${t.paymentDays} between 0 and 90`),
  ],
);

/**
 * A proposal to a client (issue 32, point 2; decision 072): line items once-off and monthly, the
 * VAT rate of its day, a validity date, terms and an optional deposit. Sent to the client's
 * contacts, accepted with a typed-name signature (who, when, IP, user agent and the SHA-256 of
 * exactly what was accepted) or declined; accepted or declined, it never changes again.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: randomId(),
    clientId: clientOwner(),
    /** The quote request it was made from, if any. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: text("status").$type<ProposalStatus>().notNull().default("draft"),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    terms: text("terms").notNull().default(""),
    depositPercent: integer("deposit_percent").notNull().default(0),
    /** The day of the month a retainer invoice is issued (1–28). */
    billingDay: integer("billing_day").notNull().default(1),
    /** The recipient's VAT number, printed on its tax invoices (null: not VAT-registered). */
    recipientVatNumber: text("recipient_vat_number"),
    vatBasisPoints: integer("vat_basis_points").notNull(),
    onceOffCents: integer("once_off_cents").notNull().default(0),
    monthlyCents: integer("monthly_cents").notNull().default(0),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The signature: the full name typed, by whom, from where, and the hash of what was signed. */
    signedName: text("signed_name"),
    signedBy: text("signed_by").references(() => user.id, { onDelete: "set null" }),
    signedIp: text("signed_ip"),
    signedUserAgent: text("signed_user_agent"),
    contentHash: text("content_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("proposals_client_created_idx").on(t.clientId, t.createdAt, t.id),
    index("proposals_created_idx").on(t.createdAt, t.id),
    check("proposals_status_check", sql`${t.status} in ('draft', 'sent', 'accepted', 'declined')`),
    check("proposals_deposit_check", sql`${t.depositPercent} between 0 and 100`),
    check("proposals_billing_day_check", sql`${t.billingDay} between 1 and 28`),
    check("proposals_amounts_check", sql`${t.onceOffCents} >= 0 and ${t.monthlyCents} >= 0`),
    check(
      "proposals_signed_check",
      sql`${t.status} <> 'accepted' or (${t.signedName} is not null and ${t.contentHash} is not null)`,
    ),
  ],
);

/** A proposal's line: a package from the pricing page at its price, or a custom item. */
export const proposalItems = pgTable(
  "proposal_items",
  {
    id: randomId(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").$type<ProposalItemKind>().notNull(),
    packageName: text("package_name"),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
  },
  (t) => [
    uniqueIndex("proposal_items_position_idx").on(t.proposalId, t.position),
    check("proposal_items_kind_check", sql`${t.kind} in ('once-off', 'monthly')`),
    check("proposal_items_amount_check", sql`${t.quantity} > 0 and ${t.unitCents} >= 0`),
  ],
);

/**
 * The next number of each gapless series (decision 073): 'invoice' and 'credit-note'. A
 * document takes its number by incrementing the row in its own transaction, so a rolled-back
 * document gives its number back and two at once wait for each other.
 */
export const billingCounters = pgTable("billing_counters", {
  series: text("series").primaryKey(),
  last: integer("last").notNull().default(0),
});

/** What the supplier's details were when a document was issued (it never changes after). */
export interface SupplierSnapshot {
  legalName: string | null;
  address: string | null;
  registrationNumber: string | null;
  vatNumber: string | null;
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  branchCode: string | null;
}

/**
 * A tax invoice (issue 32, point 3; decision 073): issued at once with its gapless serial, the
 * supplier's and recipient's details as they were, its lines, VAT and totals; never edited
 * after (a credit note voids it). Overdue is read from `due_on`, not stored.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: randomId(),
    clientId: uuid("client_id")
      .notNull()
      .references((): AnyPgColumn => clients.id, { onDelete: "restrict" }),
    proposalId: uuid("proposal_id").references(() => proposals.id, { onDelete: "set null" }),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    /** A retainer's month (YYYY-MM). */
    period: text("period"),
    serial: integer("serial").notNull(),
    number: text("number").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    supplier: jsonb("supplier").$type<SupplierSnapshot>().notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientAddress: text("recipient_address"),
    recipientVatNumber: text("recipient_vat_number"),
    vatBasisPoints: integer("vat_basis_points").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    paidCents: integer("paid_cents").notNull().default(0),
    status: text("status").$type<InvoiceStatus>().notNull().default("issued"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_serial_idx").on(t.serial),
    uniqueIndex("invoices_deposit_idx").on(t.proposalId).where(sql`${t.kind} = 'deposit'`),
    uniqueIndex("invoices_retainer_period_idx")
      .on(t.proposalId, t.period)
      .where(sql`${t.kind} = 'retainer'`),
    index("invoices_client_created_idx").on(t.clientId, t.createdAt, t.id),
    index("invoices_created_idx").on(t.createdAt, t.id),
    check("invoices_kind_check", sql`${t.kind} in ('deposit', 'retainer', 'one-off')`),
    check("invoices_status_check", sql`${t.status} in ('issued', 'part-paid', 'paid', 'void')`),
    check("invoices_period_check", sql`(${t.kind} = 'retainer') = (${t.period} is not null)`),
    check(
      "invoices_amounts_check",
      sql`${t.subtotalCents} >= 0 and ${t.vatCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.vatCents} and ${t.paidCents} >= 0`,
    ),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: randomId(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
  },
  (t) => [uniqueIndex("invoice_lines_position_idx").on(t.invoiceId, t.position)],
);

/**
 * A one-off invoice not yet issued (issue 32, point 3: the 'draft' status): an administrator's
 * work in progress, which the client never sees. It takes no number, so the invoices' series
 * stays gapless; issuing it writes the tax invoice and deletes the draft in one transaction.
 */
export const invoiceDrafts = pgTable(
  "invoice_drafts",
  {
    id: randomId(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    recipientVatNumber: text("recipient_vat_number"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("invoice_drafts_created_idx").on(t.createdAt, t.id),
    check("invoice_drafts_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/** A credit note: voids one invoice in full, with a gapless series of its own. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: randomId(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    serial: integer("serial").notNull(),
    number: text("number").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_notes_serial_idx").on(t.serial),
    uniqueIndex("credit_notes_invoice_idx").on(t.invoiceId),
  ],
);

/**
 * A payment of an invoice (issue 32, point 4; decision 074): recorded by an administrator (EFT)
 * or by a validated PayFast notification, whose payment id may be stored once only, so a
 * repeated or replayed notification changes nothing.
 */
export const payments = pgTable(
  "payments",
  {
    id: randomId(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    method: text("method").$type<"eft" | "payfast">().notNull(),
    amountCents: integer("amount_cents").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    reference: text("reference").notNull(),
    /** PayFast's `pf_payment_id`. */
    externalId: text("external_id"),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId, t.createdAt),
    uniqueIndex("payments_external_idx").on(t.method, t.externalId),
    check("payments_method_check", sql`${t.method} in ('eft', 'payfast')`),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
  ],
);
