/**
 * /portal/analytics: the figures a person may see for a period, and each figure's table as a
 * CSV download. Administrators see leads and all work; a contact sees their own client's work.
 */
import { type Figure, toCsv } from "~/lib/analytics";
import { todayInSouthAfrica } from "~/lib/dates";
import { periodFromSearch } from "~/lib/validation/period";
import type { PortalContext } from "~/routes/portal/context.server";
import { forbidden, notFound } from "~/routes/refuse.server";
import type { Scope } from "../workspace/scope.server";
import { changeCounts, type FigureDomain, forChanges } from "./figure-cache.server";
import { buildFigures, figureById, PAGE_ROWS } from "./figures.server";

/**
 * What this person's analytics cover: every client for agency staff, their own client for a
 * contact, and the viewed client (as its contacts see it) for an administrator viewing as one.
 */
export function analyticsScope(ctx: PortalContext): { scope: Scope; isAdmin: boolean } {
  return { scope: ctx.scope, isAdmin: ctx.isAdmin && ctx.scope.kind === "all" };
}

export async function loadAnalytics(ctx: PortalContext, search: URLSearchParams, now: Date) {
  const { period, error } = periodFromSearch(search, now);
  const { scope, isAdmin } = analyticsScope(ctx);
  // Everything the figures depend on besides their tables: who sees them, the period, the date
  // (overdue milestones are counted against today in South Africa).
  const key = JSON.stringify([scope, isAdmin, period.from, period.to, todayInSouthAfrica(now)]);
  const counts = await changeCounts(ctx.db);
  const build = (section: FigureDomain) =>
    forChanges(ctx.db, counts, section, key, () =>
      buildFigures({ db: ctx.db, scope, isAdmin, period, now }, { pageRows: PAGE_ROWS, section }),
    );
  // Each section is kept for its own tables: a new lead recomputes the leads figures only.
  const none: Record<string, Figure> = {};
  const [leads, work] = await Promise.all([isAdmin ? build("leads") : none, build("work")]);
  const figures: Record<string, Figure> = { ...leads, ...work };
  return { period, periodError: error, isAdmin, figures };
}

/** One figure's table as a CSV file, for the period the link names. */
export async function analyticsCsv(
  ctx: PortalContext,
  figureId: string | undefined,
  search: URLSearchParams,
  now: Date,
): Promise<Response> {
  const def = figureId ? figureById(figureId) : undefined;
  if (!def) throw notFound("There is no such table");
  const { scope, isAdmin } = analyticsScope(ctx);
  if (def.adminOnly && !isAdmin) throw forbidden();
  const { period, error } = periodFromSearch(search, now);
  if (error) {
    return new Response(error, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { totalRows: _, ...figure } = await def.build({ db: ctx.db, scope, isAdmin, period, now });
  const name = `${def.id}-${period.from}-to-${period.to}.csv`;
  return new Response(`\uFEFF${toCsv(figure.table)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
