/**
 * Analytics' figures, one entry per figure: who may see it, and how it is built from its
 * query module (lead-figures, work-figures, deliverable-figures). The page shows them all; the
 * CSV route builds one. A new figure is a query in its module and an entry here.
 */
import { packageNames } from "~/content/packages";
import { type Figure, formatDuration, formatShare } from "~/lib/analytics";
import { formatDate, formatDateTime, formatShortDay, todayInSouthAfrica } from "~/lib/dates";
import { centsToDecimal, formatRand } from "~/lib/money";
import type { Period } from "~/lib/validation/period";
import { OVERDUE_AGES, revenueFigures } from "../billing/overview.server";
import type { Database } from "../db/client.server";
import type { Scope } from "../workspace/scope.server";
import { bookingsByWeek } from "./booking-figures.server";
import { openApprovals, overdueMilestones } from "./deliverable-figures.server";
import type { FigureDomain } from "./figure-cache.server";
import {
  leadFunnel,
  leadSources,
  leadSummary,
  leadsByWeek,
  quotesByPackage,
  timeToFirstChange,
} from "./lead-figures.server";
import {
  activeClients,
  projectCountsByClient,
  projectsByClient,
  projectsByStatus,
  replyTimes,
} from "./work-figures.server";

export interface FigureContext {
  db: Database;
  scope: Scope;
  /** Agency staff looking at every client (not an administrator viewing as a client). */
  isAdmin: boolean;
  period: Period;
  now: Date;
  /** Queries several figures share, run once per page (see `shared`). */
  cache?: Map<string, Promise<unknown>>;
}

/** A query several figures read, run once for all of them in one build. */
function shared<T>(ctx: FigureContext, key: string, run: () => Promise<T>): Promise<T> {
  if (!ctx.cache) return run();
  let pending = ctx.cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = run();
    ctx.cache.set(key, pending);
  }
  return pending;
}

const leads = (ctx: FigureContext) => shared(ctx, "leads", () => leadSummary(ctx.db, ctx.period));
const projectCounts = (ctx: FigureContext) =>
  shared(ctx, "projects", () => projectCountsByClient(ctx.db, ctx.scope, ctx.period));

/** A figure as built, with the number of rows its table would have without a limit. */
type Built = Figure & { totalRows?: number };

export type FigureSection = FigureDomain | "billing";

export interface FigureDef {
  id: string;
  /**
   * Which tables it reads (decision 028); 'billing' is computed on each visit (its tables are
   * not counted), for staff given billing only.
   */
  section: FigureSection;
  /** Only for agency staff looking at every client (leads, clients). */
  adminOnly: boolean;
  /** What a row is ("clients"), for a table that can grow long: the page shows its first rows. */
  rowsAre?: string;
  build(ctx: FigureContext): Promise<Built>;
}

const KIND_LABEL = {
  contact: "Contact",
  quote: "Quote",
  chat: "Chat",
  booking: "Booking",
  all: "All leads",
} as const;

const bookingFigures: FigureDef[] = [
  {
    id: "bookings-by-week",
    section: "bookings",
    adminOnly: true,
    async build(ctx) {
      const weeks = await bookingsByWeek(ctx.db, ctx.period);
      const total = weeks.reduce((n, w) => n + w.counts.booked, 0);
      const held = weeks.reduce((n, w) => n + w.counts.held, 0);
      return {
        table: {
          id: "bookings-by-week",
          title: "Meetings booked per week",
          columns: ["Week of", "Booked", "Held", "No-show", "Became clients"],
          rows: weeks.map((w) => [
            formatDate(w.week),
            w.counts.booked,
            w.counts.held,
            w.counts.noShow,
            w.counts.becameClients,
          ]),
        },
        description:
          "Meetings booked on the website, by the week they take place: held, no-shows, and those whose visitor became a client. Cancelled meetings are not counted.",
        chart: {
          kind: "columns",
          series: [1, 2, 3, 4],
          labels: weeks.map((w) => formatShortDay(w.week)),
        },
        empty:
          total === 0
            ? "No meetings were booked for this period. Each meeting booked on the website is counted here in the week it takes place."
            : null,
        headline: { label: "Meetings held", value: `${held} of ${total}` },
      };
    },
  },
];

const leadFigures: FigureDef[] = [
  {
    id: "leads-by-week",
    section: "leads",
    adminOnly: true,
    async build(ctx) {
      const weeks = leadsByWeek(await leads(ctx), ctx.period);
      const total = weeks.reduce(
        (n, w) => n + w.counts.contact + w.counts.quote + w.counts.chat + w.counts.booking,
        0,
      );
      return {
        table: {
          id: "leads-by-week",
          title: "New leads per week, by kind",
          columns: ["Week of", "Contact", "Quote", "Chat", "Booking", "Total"],
          rows: weeks.map((w) => [
            formatDate(w.week),
            w.counts.contact,
            w.counts.quote,
            w.counts.chat,
            w.counts.booking,
            w.counts.contact + w.counts.quote + w.counts.chat + w.counts.booking,
          ]),
        },
        description:
          "Contact messages, quote requests, chat questions and meetings booked, by the week they arrived.",
        chart: {
          kind: "columns",
          series: [1, 2, 3, 4],
          labels: weeks.map((w) => formatShortDay(w.week)),
        },
        empty:
          total === 0
            ? "No leads arrived in this period. Each contact message, quote request and chat question from the website is counted here in the week it arrives."
            : null,
        headline: { label: "New leads", value: String(total) },
      };
    },
  },
  {
    id: "quotes-by-package",
    section: "leads",
    adminOnly: true,
    async build(ctx) {
      const weeks = quotesByPackage(await leads(ctx), ctx.period);
      const sum = (w: (typeof weeks)[number]) => packageNames.reduce((n, p) => n + w.counts[p], 0);
      const total = weeks.reduce((n, w) => n + sum(w), 0);
      return {
        table: {
          id: "quotes-by-package",
          title: "Quote requests per week, by package",
          columns: ["Week of", ...packageNames, "Total"],
          rows: weeks.map((w) => [
            formatDate(w.week),
            ...packageNames.map((p) => w.counts[p]),
            sum(w),
          ]),
        },
        description: "The package chosen on each quote request from the pricing page.",
        chart: {
          kind: "columns",
          series: packageNames.map((_, i) => i + 1),
          labels: weeks.map((w) => formatShortDay(w.week)),
        },
        empty:
          total === 0
            ? "No quote requests arrived in this period. Each request from the pricing page is counted here under its package."
            : null,
      };
    },
  },
  {
    id: "lead-funnel",
    section: "leads",
    adminOnly: true,
    async build(ctx) {
      const f = leadFunnel(await leads(ctx));
      return {
        table: {
          id: "lead-funnel",
          title: "Lead funnel",
          columns: ["Stage", "Leads", "Of the stage before", "Of all new leads"],
          rows: [
            ["New", f.arrived, "—", f.arrived ? "100 %" : "—"],
            [
              "Contacted",
              f.contacted,
              formatShare(f.contacted, f.arrived),
              formatShare(f.contacted, f.arrived),
            ],
            ["Won", f.won, formatShare(f.won, f.contacted), formatShare(f.won, f.arrived)],
            ["Lost", f.lost, formatShare(f.lost, f.contacted), formatShare(f.lost, f.arrived)],
          ],
        },
        description:
          "The leads that arrived in this period, by how far they have come: contacted counts every lead someone has worked (contacted, won or lost).",
        chart: { kind: "bars", value: 1 },
        empty:
          f.arrived === 0
            ? "No leads arrived in this period. The funnel shows how many of a period's leads were contacted, won or lost once leads arrive."
            : null,
        headline: { label: "Won", value: `${f.won} (${formatShare(f.won, f.arrived)})` },
      };
    },
  },
  {
    id: "first-response",
    section: "leads",
    adminOnly: true,
    async build(ctx) {
      const figures = timeToFirstChange(await leads(ctx));
      const all = figures.find((f) => f.kind === "all");
      return {
        table: {
          id: "first-response",
          title: "Time to a first status change",
          columns: ["Kind", "Leads changed", "Median time"],
          rows: figures.map((f) => [
            KIND_LABEL[f.kind],
            f.changed,
            formatDuration(f.medianSeconds),
          ]),
        },
        description:
          "From a lead arriving to the first time someone changed its status. Status changes are kept from the day this history began; leads still new are not counted.",
        empty: all?.changed
          ? null
          : "No lead that arrived in this period has had its status changed yet. The median appears once someone marks one contacted, won or lost.",
        headline: {
          label: "Median first response",
          value: formatDuration(all?.medianSeconds ?? null),
        },
      };
    },
  },
  {
    id: "lead-sources",
    rowsAre: "pages",
    section: "leads",
    adminOnly: true,
    async build(ctx) {
      const sources = leadSources(await leads(ctx));
      return {
        table: {
          id: "lead-sources",
          title: "Where leads come from",
          columns: ["Page", "Leads", "Won", "Win rate"],
          rows: sources.map((s) => [
            s.path ?? "Not known",
            s.leads,
            s.won,
            formatShare(s.won, s.leads),
          ]),
        },
        description:
          "The page of the website each lead's form was on. 'Not known': sent before pages were kept, or through the contact API from another site.",
        chart: { kind: "bars", value: 1 },
        empty:
          sources.length === 0
            ? "No leads arrived in this period. Each lead is counted here under the page its form was on."
            : null,
      };
    },
  },
];

const STATUS_LABEL = {
  active: "Active",
  "on-hold": "On hold",
  completed: "Completed",
  cancelled: "Cancelled",
} as const;
const STATUSES = ["active", "on-hold", "completed", "cancelled"] as const;

const PROJECTS_OF_PERIOD =
  "Every project that was open during the period or changed in it, by its status today.";

const workFigures: FigureDef[] = [
  {
    id: "projects-by-status",
    section: "work",
    adminOnly: false,
    async build(ctx) {
      const counts = projectsByStatus(await projectCounts(ctx));
      const total = STATUSES.reduce((n, s) => n + counts[s], 0);
      return {
        table: {
          id: "projects-by-status",
          title: "Projects by status",
          columns: ["Status", "Projects"],
          rows: STATUSES.map((s) => [STATUS_LABEL[s], counts[s]]),
        },
        description: PROJECTS_OF_PERIOD,
        chart: { kind: "bars", value: 1 },
        empty:
          total === 0
            ? "No project was open or changed in this period. Projects appear here from the day they are created."
            : null,
        headline: { label: "Open projects", value: String(counts.active + counts["on-hold"]) },
      };
    },
  },
  {
    id: "projects-by-client",
    rowsAre: "clients",
    section: "work",
    adminOnly: true,
    async build(ctx) {
      const all = await projectCounts(ctx);
      const list = projectsByClient(all);
      return {
        totalRows: all.length,
        table: {
          id: "projects-by-client",
          title: "Projects by client",
          columns: ["Client", ...STATUSES.map((s) => STATUS_LABEL[s]), "Total"],
          rows: list.map((c) => [c.name, ...STATUSES.map((s) => c.counts[s]), c.total]),
        },
        description: `${PROJECTS_OF_PERIOD} Busiest clients first.`,
        empty:
          list.length === 0
            ? "No client had a project open or changed in this period. Each client with one appears here."
            : null,
      };
    },
  },
  {
    id: "overdue-milestones",
    rowsAre: "projects",
    section: "work",
    adminOnly: false,
    async build({ db, scope, now, isAdmin }) {
      const list = await overdueMilestones(db, scope, todayInSouthAfrica(now));
      const total = list.reduce((n, p) => n + p.overdue, 0);
      return {
        table: {
          id: "overdue-milestones",
          title: "Overdue milestones",
          columns: isAdmin
            ? ["Project", "Client", "Overdue milestones", "Due since"]
            : ["Project", "Overdue milestones", "Due since"],
          rows: list.map((p) =>
            isAdmin
              ? [p.projectTitle, p.clientName, p.overdue, formatDate(p.oldestDue)]
              : [p.projectTitle, p.overdue, formatDate(p.oldestDue)],
          ),
        },
        description:
          "Milestones not done whose due date has passed (South African date), per project, today; the longest overdue first.",
        chart: { kind: "bars", value: isAdmin ? 2 : 1 },
        empty:
          total === 0
            ? "No milestone is overdue today. A milestone is counted here from the day after its due date until it is marked done."
            : null,
        headline: { label: "Overdue milestones", value: String(total) },
      };
    },
  },
  {
    id: "open-approvals",
    rowsAre: "projects",
    section: "work",
    adminOnly: false,
    async build({ db, scope, isAdmin }) {
      const list = await openApprovals(db, scope);
      const total = list.reduce((n, p) => n + p.open, 0);
      return {
        table: {
          id: "open-approvals",
          title: "Open approvals",
          columns: isAdmin
            ? ["Project", "Client", "Waiting for an answer", "Ready for review since"]
            : ["Project", "Waiting for an answer", "Ready for review since"],
          rows: list.map((p) =>
            isAdmin
              ? [p.projectTitle, p.clientName, p.open, formatDateTime(p.since)]
              : [p.projectTitle, p.open, formatDateTime(p.since)],
          ),
        },
        description:
          "Files and milestones marked 'Ready for review' and not yet answered, per project, today; the longest waiting first.",
        chart: { kind: "bars", value: isAdmin ? 2 : 1 },
        empty:
          total === 0
            ? "Nothing is waiting for an answer. Files and milestones marked 'Ready for review' are counted here until the client approves them or asks for changes."
            : null,
        headline: { label: "Open approvals", value: String(total) },
      };
    },
  },
  {
    id: "reply-times",
    section: "work",
    adminOnly: false,
    async build({ db, scope, period, isAdmin }) {
      const { agency, client } = await replyTimes(db, scope, period);
      const labels = isAdmin
        ? ["Our replies to client messages", "Client replies to our messages"]
        : ["Our replies to your messages", "Your replies to our messages"];
      return {
        table: {
          id: "reply-times",
          title: "Reply times",
          columns: ["Messages", "Sent in the period", "Answered", "Median reply time"],
          rows: [
            [
              labels[0] as string,
              agency.sent,
              agency.answered,
              formatDuration(agency.medianSeconds),
            ],
            [
              labels[1] as string,
              client.sent,
              client.answered,
              formatDuration(client.medianSeconds),
            ],
          ],
        },
        description:
          "For each message of the period, the time until the other side's next message in the same conversation.",
        empty:
          agency.sent + client.sent === 0
            ? "No messages were exchanged in this period. Reply times appear once messages go back and forth."
            : null,
        headline: { label: "Median reply time", value: formatDuration(agency.medianSeconds) },
      };
    },
  },
  {
    id: "active-clients",
    rowsAre: "clients",
    section: "work",
    adminOnly: true,
    async build({ db, scope, period }) {
      const { total, clients } = await activeClients(db, scope, period);
      return {
        table: {
          id: "active-clients",
          title: "Active clients",
          columns: ["Client", "Messages", "Project changes", "Last activity"],
          rows: clients.map((c) => [c.name, c.messages, c.changes, formatDateTime(c.lastAt)]),
        },
        totalRows: total,
        description:
          "Clients with a message either way or a change to their work in the period, busiest first.",
        empty:
          total === 0
            ? "No client was active in this period. A client appears here when a message is sent or their work changes."
            : null,
        headline: { label: "Active clients", value: String(total) },
      };
    },
  },
];

const revenue = (ctx: FigureContext) =>
  shared(ctx, "revenue", () => revenueFigures(ctx.db, ctx.scope, ctx.period, ctx.now));

/**
 * Revenue (issue 32, point 5): amounts in rand as decimals ("12500.00"), so the CSV adds up in a
 * spreadsheet; the scope's billing access is in the query (a team member without it: zeros).
 */
const billingFigures: FigureDef[] = [
  {
    id: "revenue",
    section: "billing",
    adminOnly: true,
    async build(ctx) {
      const r = await revenue(ctx);
      const rows: [string, number][] = [
        ["Monthly recurring revenue (excl. VAT)", r.monthlyRecurringCents],
        ["Invoiced in the period (incl. VAT)", r.invoicedCents],
        ["Credited in the period", r.creditedCents],
        ["Paid in the period", r.paidCents],
        ["Outstanding today", r.outstandingCents],
        ["Overdue today", r.overdueCents],
      ];
      return {
        table: {
          id: "revenue",
          title: "Revenue",
          columns: ["Figure", "Amount (R)"],
          rows: rows.map(([label, cents]) => [label, centsToDecimal(cents)]),
        },
        description:
          "Monthly recurring revenue from accepted proposals today; invoices, credit notes and payments dated in the period; what is owed on open invoices today.",
        chart: { kind: "bars", value: 1 },
        empty: rows.every(([, cents]) => cents === 0)
          ? "Nothing was invoiced or paid in this period. Invoices, credit notes and payments are counted here by their dates."
          : null,
        headline: { label: "Outstanding", value: formatRand(r.outstandingCents) },
      };
    },
  },
  {
    id: "overdue-by-age",
    section: "billing",
    adminOnly: true,
    async build(ctx) {
      const r = await revenue(ctx);
      return {
        table: {
          id: "overdue-by-age",
          title: "Overdue by age",
          columns: ["Days overdue", "Invoices", "Owed (R)"],
          rows: r.overdueByAge.map((a) => [a.label, a.invoices, centsToDecimal(a.owedCents)]),
        },
        description: `What is owed today on invoices past their due date, by how late they are (${OVERDUE_AGES.map((a) => a.label).join(", ")}).`,
        chart: { kind: "bars", value: 2 },
        empty:
          r.overdueCents === 0
            ? "No invoice is overdue. An open invoice past its due date is counted here by how many days late it is."
            : null,
        headline: { label: "Overdue", value: formatRand(r.overdueCents) },
      };
    },
  },
];

export const FIGURES: FigureDef[] = [
  ...leadFigures,
  ...bookingFigures,
  ...workFigures,
  ...billingFigures,
];

export function figureById(id: string): FigureDef | undefined {
  return FIGURES.find((f) => f.id === id);
}

/** The figures this person may see (of one section; the revenue figures only by name). */
export function visibleFigures(isAdmin: boolean, section?: FigureSection): FigureDef[] {
  // Billing's only when asked for by name: it needs billing access, which the caller checks.
  return FIGURES.filter(
    (f) => (isAdmin || !f.adminOnly) && (section ? f.section === section : f.section !== "billing"),
  );
}

/** Rows of a long table the Analytics page shows; its CSV has them all. */
export const PAGE_ROWS = 25;

/** A long table cut to its first rows for the page, saying how many there are. */
function firstRows(def: FigureDef, figure: Built, rows: number): Figure {
  const { totalRows, ...shown } = figure;
  const total = totalRows ?? figure.table.rows.length;
  if (!def.rowsAre || figure.table.rows.length <= rows) return shown;
  return {
    ...shown,
    table: { ...figure.table, rows: figure.table.rows.slice(0, rows) },
    more: `Showing the first ${rows} of ${total} ${def.rowsAre}. The CSV has them all.`,
  };
}

/**
 * Every figure the person may see for the period, in order. `onTiming` hears how long each
 * figure's queries took (the bench names the one that dominates); with `pageRows`, a long
 * table keeps its first rows only (the page; a CSV has them all).
 */
export async function buildFigures(
  ctx: FigureContext,
  options: {
    /** Hears each figure's time; with `oneByOne`, a shared query counts for its first reader. */
    onTiming?: (id: string, ms: number) => void;
    /** One figure after the other (the bench's per-figure times), not side by side. */
    oneByOne?: boolean;
    pageRows?: number;
    /** Only this section's figures (each section reads its own tables: decision 028). */
    section?: FigureSection;
  } = {},
): Promise<Record<string, Figure>> {
  const withCache = { ...ctx, cache: ctx.cache ?? new Map() };
  const defs = visibleFigures(ctx.isAdmin, options.section);
  const build = async (def: FigureDef) => {
    const started = performance.now();
    const figure = await def.build(withCache);
    options.onTiming?.(def.id, performance.now() - started);
    return firstRows(def, figure, options.pageRows ?? Number.POSITIVE_INFINITY);
  };
  const built: Figure[] = [];
  if (options.oneByOne) {
    for (const def of defs) built.push(await build(def));
  } else {
    // Side by side: on PostgreSQL the pool runs their queries at once (PGlite queues them).
    built.push(...(await Promise.all(defs.map(build))));
  }
  return Object.fromEntries(defs.map((def, i) => [def.id, built[i] as Figure]));
}
