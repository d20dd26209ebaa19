/**
 * /portal/analytics: the figures a person may see for a period. Administrators see leads and all
 * work; a contact sees their own client's work; an administrator viewing as a client sees what
 * its contacts see.
 */
import type { Figure } from "~/lib/analytics";
import { todayInSouthAfrica } from "~/lib/dates";
import { periodFromSearch } from "~/lib/validation/period";
import type { Database } from "../db/client.server";
import { type Scope, seesAllClients } from "../workspace/scope.server";
import { changeCounts, type FigureDomain, forChanges } from "./figure-cache.server";
import { buildFigures, PAGE_ROWS } from "./figures.server";

/** Who is looking: the figures follow their scope (every client's for agency staff). */
export interface AnalyticsViewer {
  db: Database;
  scope: Scope;
  /** Staff given billing (administrators; team members with billing): the revenue figures. */
  seesBilling?: boolean;
}

export async function loadAnalytics(
  { db, scope, seesBilling }: AnalyticsViewer,
  search: URLSearchParams,
  now: Date,
) {
  const { period, error } = periodFromSearch(search, now);
  // Staff see the figures per client; only administrators (every client) see the leads'.
  const isAdmin = seesAllClients(scope);
  const seesLeads = scope.kind === "all";
  // Everything the figures depend on besides their tables: who sees them, the period, the date
  // (overdue milestones are counted against today in South Africa).
  const key = JSON.stringify([scope, isAdmin, period.from, period.to, todayInSouthAfrica(now)]);
  const counts = await changeCounts(db);
  const build = (section: FigureDomain) =>
    forChanges(db, counts, section, key, () =>
      buildFigures({ db, scope, isAdmin, period, now }, { pageRows: PAGE_ROWS, section }),
    );
  // Each section is kept for its own tables: a new lead recomputes the leads figures only.
  const none: Record<string, Figure> = {};
  // Revenue is not kept (billing's tables are not counted): one statement on each visit.
  const showsBilling = isAdmin && seesBilling === true;
  const [leads, work, bookings, billing] = await Promise.all([
    seesLeads ? build("leads") : none,
    build("work"),
    seesLeads ? build("bookings") : none,
    showsBilling ? buildFigures({ db, scope, isAdmin, period, now }, { section: "billing" }) : none,
  ]);
  const figures: Record<string, Figure> = { ...leads, ...bookings, ...work, ...billing };
  return {
    period,
    periodError: error,
    isAdmin,
    seesLeads,
    seesBilling: showsBilling,
    billingIds: Object.keys(billing),
    figures,
  };
}
