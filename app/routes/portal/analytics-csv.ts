import { periodFromSearch } from "~/lib/validation/period";
import { figureById } from "~/server/analytics/figures.server";
import { now } from "~/server/clock.server";
import { toCsv } from "~/server/csv.server";
import { seesAllClients } from "~/server/workspace/scope.server";
import { forbidden, notFound } from "../refuse.server";
import type { Route } from "./+types/analytics-csv";
import { seesBillingOf } from "./billing.server";
import { requireUser } from "./context.server";

/** Analytics → 'Download CSV': one figure's table for the period in the link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  const { db, scope } = ctx;
  const at = now();
  const def = params.figure ? figureById(params.figure) : undefined;
  if (!def) throw notFound("There is no such table");
  const isAdmin = seesAllClients(scope);
  // Staff figures for staff; the leads' only for administrators (a team member has none, 065).
  if (def.adminOnly && !isAdmin) throw forbidden();
  if (def.section === "leads" && scope.kind !== "all") throw forbidden();
  // Revenue: administrators, and team members given billing (the query holds their clients).
  if (def.section === "billing" && !(await seesBillingOf(ctx))) throw forbidden();
  const { period, error } = periodFromSearch(new URL(request.url).searchParams, at);
  if (error) {
    return new Response(error, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { table } = await def.build({ db, scope, isAdmin, period, now: at });
  const name = `${def.id}-${period.from}-to-${period.to}.csv`;
  return new Response(toCsv([table.columns, ...table.rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
