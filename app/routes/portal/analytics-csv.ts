import { analyticsCsv } from "~/server/analytics/analytics.server";
import { now } from "~/server/clock.server";
import type { Route } from "./+types/analytics-csv";
import { requireUser } from "./context.server";

/** Analytics → 'Download CSV': one figure's table for the period in the link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  return analyticsCsv(ctx, params.figure, new URL(request.url).searchParams, now());
}
