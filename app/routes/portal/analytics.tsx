import { data } from "react-router";
import { FigureView } from "~/components/charts/figure-view";
import { PeriodForm } from "~/components/portal/period-form";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Figure } from "~/lib/analytics";
import { portalMeta } from "~/lib/seo";
import { periodSearch } from "~/lib/validation/period-values";
import { loadAnalytics } from "~/server/analytics/analytics.server";
import { now } from "~/server/clock.server";
import type { Route } from "./+types/analytics";
import { seesBillingOf } from "./billing.server";
import { requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Analytics", matches);

// No live reload (decision 012): the figures summarise a period, and an administrator's tab
// would recount them on every message and project change of every client.

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  const seesBilling = await seesBillingOf(ctx);
  const result = await loadAnalytics(
    { db: ctx.db, scope: ctx.scope, seesBilling },
    new URL(request.url).searchParams,
    now(),
  );
  return data(result, { status: result.periodError ? 400 : 200 });
}

const LEAD_FIGURES = [
  "leads-by-week",
  "quotes-by-package",
  "lead-funnel",
  "first-response",
  "lead-sources",
  "bookings-by-week",
];

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { period, periodError, isAdmin, seesLeads, seesBilling, billingIds, figures } = loaderData;
  const search = periodSearch(period);
  const csv = (id: string) => `/portal/analytics/csv/${id}?${search}`;
  const headlines = Object.values(figures as Record<string, Figure>)
    .map((f) => f.headline)
    .filter((h): h is NonNullable<Figure["headline"]> => Boolean(h));
  const show = (id: string, options: { tableOpen?: boolean } = {}) => {
    const figure = (figures as Record<string, Figure>)[id];
    return figure ? (
      <FigureView key={id} figure={figure} csvHref={csv(id)} tableOpen={options.tableOpen} />
    ) : null;
  };
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>
        <p className="mt-1 text-muted-foreground">
          {seesLeads
            ? "How the pipeline and the delivery are doing, for the period you choose."
            : isAdmin
              ? "How the delivery for your clients is doing, for the period you choose."
              : "How your projects and conversations with us are going, for the period you choose."}
        </p>
      </div>

      <PeriodForm period={period} error={periodError} />

      {headlines.length > 0 ? (
        <section aria-labelledby="at-a-glance">
          <h2 id="at-a-glance" className="sr-only">
            At a glance
          </h2>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {headlines.map((h) => (
              <Card key={h.label}>
                <CardHeader className="pb-2">
                  <CardTitle as="p" size="sm" className="text-muted-foreground">
                    {h.label}
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-2xl font-bold tabular-nums">{h.value}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
      ) : null}

      {seesLeads ? (
        <section aria-labelledby="leads-heading" className="space-y-4">
          <h2 id="leads-heading" className="text-2xl font-semibold tracking-tight">
            Leads
          </h2>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            {show("leads-by-week")}
            {show("quotes-by-package")}
            {show("lead-funnel", { tableOpen: true })}
            {show("first-response")}
            {show("lead-sources", { tableOpen: true })}
            {show("bookings-by-week", { tableOpen: true })}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="work-heading" className="space-y-4">
        <h2 id="work-heading" className="text-2xl font-semibold tracking-tight">
          Work
        </h2>
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {Object.keys(figures)
            .filter((id) => !LEAD_FIGURES.includes(id) && !billingIds.includes(id))
            .map((id) => show(id, { tableOpen: true }))}
        </div>
      </section>

      {seesBilling ? (
        <section aria-labelledby="billing-heading" className="space-y-4">
          {/* Not 'Revenue': the first figure's card is a region of that name (landmarks are unique). */}
          <h2 id="billing-heading" className="text-2xl font-semibold tracking-tight">
            Billing
          </h2>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            {billingIds.map((id) => show(id, { tableOpen: true }))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
