/**
 * A believable demo workspace (`npm run seed`): an owner, a team member, three clients with
 * their contacts, projects with milestones, files, reviews and conversations, leads of every
 * kind and status, spread over the six weeks before the first run. Every row has a fixed id, and
 * all of it is written in one transaction, skipped when the demo owner exists: running it again
 * changes nothing (scripts/seed.test.ts).
 */
import { createHash } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { privacyNotice } from "~/content/legal";
import { periodName } from "~/lib/dates";
import type { Database } from "~/server/db/client.server";
import * as s from "~/server/db/schema.server";
import { FILE_CHUNK_BYTES } from "~/server/deliverables/files.server";

/** Everyone's password in the demo workspace. */
export const DEMO_PASSWORD = "demo-password-1";
export const DEMO_OWNER_EMAIL = "thandi@demo.example";

/** A fixed UUID for a name: the same row on every run. */
const uid = (name: string) => {
  const h = createHash("sha256").update(`kopano-demo:${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

interface Person {
  key: string;
  name: string;
  email: string;
  client?: string;
  admin?: boolean;
  /** A team member (decision 065), assigned to these clients. */
  assigned?: string[];
  joinedDaysAgo: number;
}

const PEOPLE: Person[] = [
  { key: "owner", name: "Thandi Nkosi", email: DEMO_OWNER_EMAIL, admin: true, joinedDaysAgo: 45 },
  // A team member: works on the clients assigned to him (not Bright Path).
  {
    key: "team",
    name: "Sipho Dlamini",
    email: "sipho@demo.example",
    assigned: ["karoo", "dental"],
    joinedDaysAgo: 44,
  },
  {
    key: "anele",
    name: "Anele Botha",
    email: "anele@karoofresh.demo.example",
    client: "karoo",
    joinedDaysAgo: 40,
  },
  {
    key: "pieter",
    name: "Pieter van Wyk",
    email: "pieter@karoofresh.demo.example",
    client: "karoo",
    joinedDaysAgo: 33,
  },
  {
    key: "naledi",
    name: "Dr Naledi Mokoena",
    email: "naledi@umhlangadental.demo.example",
    client: "dental",
    joinedDaysAgo: 30,
  },
  {
    key: "ravi",
    name: "Ravi Pillay",
    email: "ravi@brightpath.demo.example",
    client: "brightpath",
    joinedDaysAgo: 21,
  },
  {
    key: "zanele",
    name: "Zanele Khumalo",
    email: "zanele@brightpath.demo.example",
    client: "brightpath",
    joinedDaysAgo: 12,
  },
];

const CLIENTS = [
  { key: "karoo", name: "Karoo Fresh Produce", daysAgo: 40, lead: "lead-quote-karoo" },
  { key: "dental", name: "Umhlanga Dental Studio", daysAgo: 30 },
  { key: "brightpath", name: "Bright Path Logistics", daysAgo: 21 },
];

type Status = "active" | "completed" | "on-hold" | "cancelled";
type MStatus = "planned" | "in-progress" | "done";
const PROJECTS: {
  key: string;
  client: string;
  title: string;
  description: string;
  status: Status;
  priority: "low" | "medium" | "high" | "urgent";
  daysAgo: number;
  milestones: [string, MStatus, number][];
}[] = [
  {
    key: "karoo-whatsapp",
    client: "karoo",
    title: "WhatsApp order assistant",
    description: "Farm-stall and restaurant customers order and track deliveries on WhatsApp.",
    status: "active",
    priority: "high",
    daysAgo: 38,
    milestones: [
      ["Discovery workshop", "done", -31],
      ["Order flow prototype", "done", -17],
      ["Pilot with ten restaurants", "in-progress", 6],
      ["Launch to all customers", "planned", 27],
    ],
  },
  {
    key: "karoo-forecast",
    client: "karoo",
    title: "Stock forecasting dashboard",
    description: "Weekly demand forecast per product from two years of orders.",
    status: "on-hold",
    priority: "medium",
    daysAgo: 25,
    milestones: [
      ["Data audit", "done", -14],
      ["Forecast model", "planned", 35],
    ],
  },
  {
    key: "dental-reminders",
    client: "dental",
    title: "Appointment reminders",
    description: "SMS and WhatsApp reminders two days and two hours before each appointment.",
    status: "completed",
    priority: "medium",
    daysAgo: 29,
    milestones: [
      ["Calendar integration", "done", -20],
      ["Reminder templates approved", "done", -12],
      ["Go live", "done", -5],
    ],
  },
  {
    key: "dental-intake",
    client: "dental",
    title: "Patient intake chatbot",
    description: "New patients fill in their medical history before the first visit.",
    status: "active",
    priority: "urgent",
    daysAgo: 9,
    milestones: [
      ["Questionnaire review", "in-progress", 3],
      ["POPIA consent wording", "planned", 10],
    ],
  },
  {
    key: "brightpath-routes",
    client: "brightpath",
    title: "Route planning automation",
    description: "Next-day routes for 18 vehicles from the order system, sent to each driver.",
    status: "active",
    priority: "high",
    daysAgo: 19,
    milestones: [
      ["Integration with the order system", "done", -6],
      ["Driver app hand-off", "in-progress", 8],
      ["Fuel report", "planned", 22],
    ],
  },
];

const FILES: {
  key: string;
  project: string;
  name: string;
  type: string;
  daysAgo: number;
  by: string;
  versions: string[];
}[] = [
  {
    key: "karoo-brief",
    project: "karoo-whatsapp",
    name: "project-brief.md",
    type: "text/markdown",
    daysAgo: 37,
    by: "owner",
    versions: [
      "# WhatsApp order assistant\n\nCustomers order from the weekly price list and get a delivery slot.\n",
      "# WhatsApp order assistant\n\nCustomers order from the weekly price list, get a delivery slot and pay by EFT or card.\n",
    ],
  },
  {
    key: "karoo-flow",
    project: "karoo-whatsapp",
    name: "order-flow.csv",
    type: "text/csv",
    daysAgo: 18,
    by: "team",
    versions: [
      "step,message\n1,Hi! What would you like to order this week?\n2,Which delivery day suits you?\n3,Thank you - your order is confirmed.\n",
    ],
  },
  {
    key: "dental-templates",
    project: "dental-reminders",
    name: "reminder-templates.txt",
    type: "text/plain",
    daysAgo: 14,
    by: "team",
    versions: [
      "Hi {name}, a reminder of your appointment at Umhlanga Dental Studio on {date} at {time}. Reply 1 to confirm or 2 to reschedule.\n",
    ],
  },
  {
    key: "brightpath-sample",
    project: "brightpath-routes",
    name: "sample-routes.json",
    type: "application/json",
    daysAgo: 5,
    by: "owner",
    versions: ['{"vehicle":"CA 123-456","stops":["Epping","Bellville","Durbanville"]}\n'],
  },
];

/** [client, from (person key), subject, content, days ago]: each conversation in order. */
const MESSAGES: [string, string, string, string, number][] = [
  [
    "karoo",
    "owner",
    "Welcome to your portal",
    "Hi Anele, this is where we will share files, milestones and updates for the order assistant.",
    38,
  ],
  [
    "karoo",
    "anele",
    "Welcome to your portal",
    "Thanks Thandi! Pieter will join from our side too.",
    37.8,
  ],
  [
    "karoo",
    "team",
    "Prototype ready",
    "The order flow prototype is up for review on the project page.",
    17,
  ],
  [
    "karoo",
    "pieter",
    "Prototype ready",
    "Looks good. Can customers change a delivery day after ordering?",
    16.5,
  ],
  [
    "karoo",
    "team",
    "Prototype ready",
    "Yes, until 18:00 the day before. We will add it to the pilot.",
    16.2,
  ],
  [
    "karoo",
    "anele",
    "Pilot restaurants",
    "We have the list of ten restaurants for the pilot. Sending it this week.",
    3,
  ],
  [
    "dental",
    "owner",
    "Reminder templates",
    "Dr Mokoena, the templates are ready for your approval.",
    14,
  ],
  [
    "dental",
    "naledi",
    "Reminder templates",
    "Approved, thank you. Please use 'Umhlanga Dental Studio' in full.",
    12.4,
  ],
  [
    "dental",
    "naledi",
    "Intake questionnaire",
    "Could the intake chatbot ask about allergies first?",
    2,
  ],
  [
    "brightpath",
    "ravi",
    "Driver phones",
    "Most drivers use Android; three still have older iPhones.",
    10,
  ],
  [
    "brightpath",
    "team",
    "Driver phones",
    "Noted, the hand-off works on both. Zanele, you now have access too.",
    9.5,
  ],
  ["brightpath", "zanele", "Fuel report", "Can the fuel report split by depot?", 1],
];

type LeadRow = {
  key: string;
  kind: "contact" | "quote" | "chat";
  name: string;
  email: string;
  company?: string;
  message: string;
  packageName?: string;
  status: "new" | "contacted" | "won" | "lost";
  daysAgo: number;
  sourcePath: string;
};
const LEADS: LeadRow[] = [
  {
    key: "lead-quote-karoo",
    kind: "quote",
    name: "Anele Botha",
    email: "anele@karoofresh.demo.example",
    company: "Karoo Fresh Produce",
    message: "We would like customers to order on WhatsApp.",
    packageName: "Growth",
    status: "won",
    daysAgo: 42,
    sourcePath: "/pricing",
  },
  {
    key: "lead-contact-1",
    kind: "contact",
    name: "Lerato Mahlangu",
    email: "lerato@mahlangu-attorneys.demo.example",
    company: "Mahlangu Attorneys",
    message: "Can an assistant answer questions about our fees after hours?",
    status: "contacted",
    daysAgo: 20,
    sourcePath: "/contact",
  },
  {
    key: "lead-contact-2",
    kind: "contact",
    name: "Johan Smit",
    email: "johan@smitbouers.demo.example",
    company: "Smit Bouers",
    message: "Interested in automating our quotes for building work.",
    status: "new",
    daysAgo: 2,
    sourcePath: "/contact",
  },
  {
    key: "lead-contact-3",
    kind: "contact",
    name: "Priya Naidoo",
    email: "priya@naidooaccounting.demo.example",
    message: "Do you work with small accounting practices?",
    status: "lost",
    daysAgo: 34,
    sourcePath: "/solutions",
  },
  {
    key: "lead-quote-2",
    kind: "quote",
    name: "Bongani Zulu",
    email: "bongani@zulutours.demo.example",
    company: "Zulu Tours",
    message: "Booking assistant for tours in three languages.",
    packageName: "Starter",
    status: "contacted",
    daysAgo: 8,
    sourcePath: "/pricing",
  },
  {
    key: "lead-quote-3",
    kind: "quote",
    name: "Michelle Adams",
    email: "michelle@capeschools.demo.example",
    company: "Cape Schools Trust",
    message: "Parent communication for four schools.",
    packageName: "Enterprise",
    status: "new",
    daysAgo: 1,
    sourcePath: "/pricing",
  },
  {
    key: "lead-chat-1",
    kind: "chat",
    name: "Kagiso Molefe",
    email: "kagiso@molefeauto.demo.example",
    message: "Handed over from the assistant: wants a WhatsApp service booking line.",
    status: "new",
    daysAgo: 4,
    sourcePath: "/demo",
  },
  {
    key: "lead-chat-2",
    kind: "chat",
    name: "Elena Rossi",
    email: "elena@rossideli.demo.example",
    message: "Handed over from the assistant: asked about pricing for a deli.",
    status: "contacted",
    daysAgo: 15,
    sourcePath: "/demo",
  },
];

/** What one run inserted, per table (all zero on a second run). */
export type SeedCounts = Record<string, number>;

export async function seedDemo(db: Database, now = new Date()): Promise<SeedCounts> {
  const day = 24 * 60 * 60 * 1000;
  /** A moment `daysAgo` before the first run, in office hours. */
  const at = (daysAgo: number) => {
    const t = new Date(now.getTime() - daysAgo * day);
    if (Number.isInteger(daysAgo)) t.setUTCHours(8, 30, 0, 0);
    return t;
  };
  const dateOnly = (daysFromNow: number) => at(-daysFromNow).toISOString().slice(0, 10);
  const userId = (key: string) => `demo-${key}`;
  const byKey = new Map(PEOPLE.map((p) => [p.key, p]));
  const counts: SeedCounts = {};
  // The whole workspace is written in one transaction: once its owner is there, all of it is,
  // and a second run writes nothing at all (even an insert that conflicts would count as a
  // change for the figures' statement triggers).
  const seeded = await db.execute(sql`select 1 from "user" where id = ${userId("owner")}`);
  if (seeded.rows.length > 0) return counts;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const insert = async <T extends PgTable>(name: string, table: T, rows: T["$inferInsert"][]) => {
      if (rows.length === 0) return;
      const inserted = await tx
        .insert(table)
        .values(rows as never)
        .onConflictDoNothing()
        .returning();
      counts[name] = (counts[name] ?? 0) + inserted.length;
    };

    // Leads first: a client may point at the lead it was converted from.
    await insert(
      "leads",
      s.leads,
      LEADS.map((l) => ({
        id: uid(l.key),
        kind: l.kind,
        name: l.name,
        email: l.email,
        company: l.company ?? null,
        message: l.message,
        packageName: l.packageName ?? null,
        status: l.status,
        consent: true,
        consentAt: at(l.daysAgo),
        consentNotice: "I agree to the privacy notice.",
        privacyNoticeVersion: privacyNotice.version ?? "1",
        sourcePath: l.sourcePath,
        conversation:
          l.kind === "chat"
            ? [
                { role: "user" as const, text: "Can you help my business on WhatsApp?" },
                { role: "assistant" as const, text: "Yes — shall I hand you over to the team?" },
              ]
            : null,
        firstStatusChangeAt: l.status === "new" ? null : at(l.daysAgo - 1),
        createdAt: at(l.daysAgo),
        updatedAt: at(l.status === "new" ? l.daysAgo : l.daysAgo - 1),
      })),
    );
    await insert(
      "lead_events",
      s.leadEvents,
      LEADS.filter((l) => l.status !== "new").map((l) => ({
        id: uid(`${l.key}:event`),
        leadId: uid(l.key),
        fromStatus: "new" as const,
        toStatus: l.status,
        actorId: null,
        createdAt: at(l.daysAgo - 1),
      })),
    );

    await insert(
      "clients",
      s.clients,
      CLIENTS.map((c) => ({
        id: uid(c.key),
        name: c.name,
        leadId: c.lead ? uid(c.lead) : null,
        createdAt: at(c.daysAgo),
        updatedAt: at(c.daysAgo),
      })),
    );
    for (const c of CLIENTS.filter((c) => c.lead)) {
      await tx.execute(
        sql`update leads set client_id = ${uid(c.key)} where id = ${uid(c.lead ?? "")} and client_id is null`,
      );
    }

    await insert(
      "user",
      s.user,
      PEOPLE.map((p) => ({
        id: userId(p.key),
        name: p.name,
        email: p.email,
        emailVerified: true,
        createdAt: at(p.joinedDaysAgo),
        updatedAt: at(p.joinedDaysAgo),
      })),
    );
    await insert(
      "account",
      s.account,
      PEOPLE.map((p) => ({
        id: `demo-account-${p.key}`,
        accountId: userId(p.key),
        providerId: "credential",
        userId: userId(p.key),
        password: passwordHash,
        createdAt: at(p.joinedDaysAgo),
        updatedAt: at(p.joinedDaysAgo),
      })),
    );
    await insert(
      "profiles",
      s.profiles,
      PEOPLE.map((p) => ({
        id: userId(p.key),
        fullName: p.name,
        clientId: p.client ? uid(p.client) : null,
        createdAt: at(p.joinedDaysAgo),
        updatedAt: at(p.joinedDaysAgo),
      })),
    );
    await insert(
      "user_roles",
      s.userRoles,
      PEOPLE.filter((p) => p.admin || p.assigned).map((p) => ({
        userId: userId(p.key),
        role: p.admin ? ("admin" as const) : ("team" as const),
        createdAt: at(p.joinedDaysAgo),
      })),
    );
    await insert(
      "client_assignments",
      s.clientAssignments,
      PEOPLE.flatMap((p) =>
        (p.assigned ?? []).map((client) => ({
          userId: userId(p.key),
          clientId: uid(client),
          assignedBy: userId("owner"),
          createdAt: at(p.joinedDaysAgo - 1),
        })),
      ),
    );

    await insert(
      "projects",
      s.projects,
      PROJECTS.map((p) => ({
        id: uid(p.key),
        clientId: uid(p.client),
        createdBy: userId("owner"),
        title: p.title,
        description: p.description,
        status: p.status,
        priority: p.priority,
        progress: Math.round(
          (100 * p.milestones.filter((m) => m[1] === "done").length) / p.milestones.length,
        ),
        progressFromMilestones: true,
        takenOnAt: at(p.daysAgo),
        createdAt: at(p.daysAgo),
        updatedAt: at(Math.max(0, p.daysAgo - 7)),
      })),
    );
    await insert(
      "milestones",
      s.milestones,
      PROJECTS.flatMap((p) =>
        p.milestones.map(([title, status, due], i) => ({
          id: uid(`${p.key}:m${i}`),
          clientId: uid(p.client),
          projectId: uid(p.key),
          title,
          dueDate: dateOnly(due),
          status,
          position: i + 1,
          createdBy: userId("owner"),
          createdAt: at(p.daysAgo),
          updatedAt: at(Math.max(0, -due)),
        })),
      ),
    );

    // Files: each version's bytes in chunks, as an upload stores them.
    const project = new Map(PROJECTS.map((p) => [p.key, p]));
    for (const f of FILES) {
      const p = project.get(f.project);
      if (!p) continue;
      const last = f.versions.length - 1;
      await insert("project_files", s.projectFiles, [
        {
          id: uid(f.key),
          clientId: uid(p.client),
          projectId: uid(p.key),
          name: f.name,
          nameKey: f.name.toLowerCase(),
          createdBy: userId(f.by),
          createdAt: at(f.daysAgo),
          updatedAt: at(f.daysAgo - last * 3),
        },
      ]);
      for (const [i, content] of f.versions.entries()) {
        const bytes = Buffer.from(content);
        const versionId = uid(`${f.key}:v${i + 1}`);
        await insert("file_versions", s.fileVersions, [
          {
            id: versionId,
            clientId: uid(p.client),
            projectId: uid(p.key),
            fileId: uid(f.key),
            number: i + 1,
            name: f.name,
            contentType: f.type,
            size: bytes.length,
            sha256: createHash("sha256").update(bytes).digest("hex"),
            uploadedBy: userId(f.by),
            state: "ready",
            createdAt: at(f.daysAgo - i * 3),
          },
        ]);
        const chunks = [];
        for (let seq = 0; seq * FILE_CHUNK_BYTES < bytes.length; seq++) {
          chunks.push({
            versionId,
            seq,
            data: bytes.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES),
          });
        }
        await insert("file_chunks", s.fileChunks, chunks);
      }
    }

    // Reviews: one approved, one with changes asked for, one waiting.
    const karooBrief = FILES[0] as (typeof FILES)[number];
    const reviews = [
      {
        key: "review-flow",
        project: "karoo-whatsapp",
        client: "karoo",
        milestone: "karoo-whatsapp:m1",
        subject: {
          kind: "milestone" as const,
          title: "Order flow prototype",
          status: "done" as const,
          dueDate: dateOnly(-17),
          description: null,
        },
        daysAgo: 17,
        answer: { decision: "approved" as const, comment: null, by: "anele", daysAgo: 16 },
      },
      {
        key: "review-brief",
        project: "karoo-whatsapp",
        client: "karoo",
        fileVersion: `${karooBrief.key}:v1`,
        subject: {
          kind: "file" as const,
          fileId: uid(karooBrief.key),
          fileName: karooBrief.name,
          version: 1,
        },
        daysAgo: 36,
        answer: {
          decision: "changes-requested" as const,
          comment: "Please add card payments.",
          by: "pieter",
          daysAgo: 35,
        },
      },
      {
        key: "review-intake",
        project: "dental-intake",
        client: "dental",
        milestone: "dental-intake:m0",
        subject: {
          kind: "milestone" as const,
          title: "Questionnaire review",
          status: "in-progress" as const,
          dueDate: dateOnly(3),
          description: null,
        },
        daysAgo: 1,
      },
    ];
    await insert(
      "reviews",
      s.reviews,
      reviews.map((r) => ({
        id: uid(r.key),
        clientId: uid(r.client),
        projectId: uid(r.project),
        fileVersionId: r.fileVersion ? uid(r.fileVersion) : null,
        milestoneId: r.milestone ? uid(r.milestone) : null,
        subject: r.subject,
        requestedBy: userId("team"),
        createdAt: at(r.daysAgo),
      })),
    );
    await insert(
      "review_answers",
      s.reviewAnswers,
      reviews.flatMap((r) =>
        r.answer
          ? [
              {
                reviewId: uid(r.key),
                decision: r.answer.decision,
                comment: r.answer.comment,
                answeredBy: userId(r.answer.by),
                answeredAt: at(r.answer.daysAgo),
              },
            ]
          : [],
      ),
    );

    // Conversations, oldest first (the reply-time trigger marks what each message answers): a
    // message under the subject of an earlier one of its client is a reply in that thread.
    const threadOf = new Map<string, string>();
    for (const [i, [client, from, subject, content, daysAgo]] of MESSAGES.entries()) {
      const sender = byKey.get(from);
      const id = uid(`message-${i}`);
      const threadId = threadOf.get(`${client}\n${subject}`);
      if (!threadId) threadOf.set(`${client}\n${subject}`, id);
      await insert("messages", s.messages, [
        {
          id,
          threadId,
          clientId: uid(client),
          senderId: userId(from),
          fromAgency: !sender?.client,
          subject,
          content,
          createdAt: at(daysAgo),
        },
      ]);
    }

    await insert("activity", s.activity, [
      ...PROJECTS.map((p) => ({
        id: uid(`${p.key}:created`),
        clientId: uid(p.client),
        projectId: uid(p.key),
        actorId: userId("owner"),
        kind: "project.created",
        data: { title: p.title },
        createdAt: at(p.daysAgo),
      })),
      ...FILES.flatMap((f) => {
        const p = project.get(f.project);
        return p
          ? f.versions.map((_, i) => ({
              id: uid(`${f.key}:v${i + 1}:activity`),
              clientId: uid(p.client),
              projectId: uid(p.key),
              actorId: userId(f.by),
              kind: i === 0 ? "file.uploaded" : "file.version",
              data: { name: f.name, version: i + 1 },
              createdAt: at(f.daysAgo - i * 3),
            }))
          : [];
      }),
      ...reviews.map((r) => ({
        id: uid(`${r.key}:activity`),
        clientId: uid(r.client),
        projectId: uid(r.project),
        actorId: userId("team"),
        kind: "approval.requested",
        data: { subject: r.subject },
        createdAt: at(r.daysAgo),
      })),
    ]);

    // Billing (issue 32): Karoo accepted a proposal (setup once-off with a 50% deposit, a
    // monthly retainer); its deposit is paid, this month's retainer is part-paid and overdue;
    // the dental studio has a one-off invoice not yet due.
    const supplier: s.SupplierSnapshot = {
      legalName: "Cape AI Automations (Pty) Ltd",
      address: "12 Bree Street, Cape Town 8001",
      registrationNumber: null,
      vatNumber: "4123456789",
      bankName: "First National Bank",
      accountHolder: "Cape AI Automations (Pty) Ltd",
      accountNumber: "62123456789",
      branchCode: "250655",
    };
    await insert("proposals", s.proposals, [
      {
        id: uid("karoo-proposal"),
        clientId: uid("karoo"),
        title: "WhatsApp assistant: setup and Growth retainer",
        status: "accepted",
        validUntil: dateOnly(-16),
        terms: "Setup within four weeks of the deposit. The retainer runs month to month.",
        depositPercent: 50,
        billingDay: 1,
        vatBasisPoints: 1500,
        onceOffCents: 2_000_000,
        monthlyCents: 450_000,
        createdBy: userId("owner"),
        sentAt: at(32),
        answeredAt: at(30),
        signedName: "Anele Botha",
        signedBy: userId("anele"),
        signedIp: "196.25.1.10",
        signedUserAgent: "Mozilla/5.0 (demo)",
        contentHash: createHash("sha256").update("karoo-proposal").digest("hex"),
        createdAt: at(33),
        updatedAt: at(30),
      },
    ]);
    await insert("proposal_items", s.proposalItems, [
      {
        id: uid("karoo-proposal:0"),
        proposalId: uid("karoo-proposal"),
        position: 0,
        kind: "once-off" as const,
        description: "WhatsApp assistant setup",
        quantity: 1,
        unitCents: 2_000_000,
      },
      {
        id: uid("karoo-proposal:1"),
        proposalId: uid("karoo-proposal"),
        position: 1,
        kind: "monthly" as const,
        description: "Growth retainer",
        quantity: 1,
        unitCents: 450_000,
      },
    ]);
    const retainerOn = dateOnly(-10);
    const bills = [
      {
        key: "inv-1",
        client: "karoo",
        name: "Karoo Fresh Produce",
        kind: "deposit" as const,
        period: null,
        issuedOn: dateOnly(-30),
        dueOn: dateOnly(-23),
        description: "Deposit: WhatsApp assistant: setup and Growth retainer",
        line: "Deposit of 50% of the once-off amount",
        net: 1_000_000,
        paid: 1_150_000,
        status: "paid" as const,
      },
      {
        key: "inv-2",
        client: "karoo",
        name: "Karoo Fresh Produce",
        kind: "retainer" as const,
        period: retainerOn.slice(0, 7),
        issuedOn: retainerOn,
        dueOn: dateOnly(-3),
        description: `WhatsApp assistant: setup and Growth retainer: ${periodName(retainerOn.slice(0, 7))}`,
        line: `Growth retainer (${periodName(retainerOn.slice(0, 7))})`,
        net: 450_000,
        paid: 200_000,
        status: "part-paid" as const,
      },
      {
        key: "inv-3",
        client: "dental",
        name: "Umhlanga Dental Studio",
        kind: "one-off" as const,
        period: null,
        issuedOn: dateOnly(-5),
        dueOn: dateOnly(2),
        description: "Prompt-writing workshop",
        line: "Prompt-writing workshop (half day)",
        net: 200_000,
        paid: 0,
        status: "issued" as const,
      },
    ];
    await insert("billing_counters", s.billingCounters, [
      { series: "invoice", last: bills.length },
    ]);
    await insert(
      "invoices",
      s.invoices,
      bills.map((b, i) => ({
        id: uid(b.key),
        clientId: uid(b.client),
        proposalId: b.client === "karoo" ? uid("karoo-proposal") : null,
        kind: b.kind,
        period: b.period,
        serial: i + 1,
        number: `INV-${String(i + 1).padStart(4, "0")}`,
        issuedOn: b.issuedOn,
        dueOn: b.dueOn,
        description: b.description,
        supplier,
        recipientName: b.name,
        recipientAddress: null,
        recipientVatNumber: null,
        vatBasisPoints: 1500,
        subtotalCents: b.net,
        vatCents: (b.net * 15) / 100,
        totalCents: b.net + (b.net * 15) / 100,
        paidCents: b.paid,
        status: b.status,
        createdBy: userId("owner"),
        createdAt: at(0),
        updatedAt: at(0),
      })),
    );
    await insert(
      "invoice_lines",
      s.invoiceLines,
      bills.map((b) => ({
        id: uid(`${b.key}:line`),
        invoiceId: uid(b.key),
        position: 0,
        description: b.line,
        quantity: 1,
        unitCents: b.net,
      })),
    );
    await insert(
      "payments",
      s.payments,
      bills
        .filter((b) => b.paid > 0)
        .map((b, i) => ({
          id: uid(`${b.key}:payment`),
          invoiceId: uid(b.key),
          method: "eft" as const,
          amountCents: b.paid,
          paidOn: dateOnly(i === 0 ? -28 : -2),
          reference: `INV-000${bills.indexOf(b) + 1}`,
          recordedBy: userId("owner"),
          createdAt: at(i === 0 ? 28 : 2),
        })),
    );
  });
  return counts;
}
