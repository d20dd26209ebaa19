import { BusinessDetailsCard } from "~/components/billing/business-details-card";
import { failed, succeeded } from "~/lib/action-result";
import { todayInSouthAfrica } from "~/lib/dates";
import { formatRate } from "~/lib/money";
import { portalMeta } from "~/lib/seo";
import { businessDetailsSchema } from "~/lib/validation/billing";
import { firstIssue } from "~/lib/validation/zod";
import {
  getBusinessDetails,
  saveBusinessDetails,
  vatRateOn,
} from "~/server/billing/business.server";
import { now } from "~/server/clock.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/billing";
import { assertCanWrite, requireAdmin, requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Billing", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, isAdmin, scope } = await requireUser(request);
  const staff = isAdmin && scope.kind === "all";
  return {
    staff,
    business: staff ? await getBusinessDetails(db) : null,
    vatRate: await vatRateOn(db, todayInSouthAfrica(now())),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const form = await readForm(request);
  if (form.intent !== "business-details") return failed(400, UNKNOWN_ACTION);
  const parsed = businessDetailsSchema.safeParse(form);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, {
      intent: "business-details",
      field: issue.field,
      values: typed(form),
    });
  }
  await saveBusinessDetails(ctx.db, ctx.user.id, parsed.data);
  return succeeded("Business details saved", { intent: "business-details" });
}

/** What was typed, for a form shown again without JavaScript (never the intent). */
function typed(form: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key !== "intent" && value !== undefined) out[key] = value;
  }
  return out;
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const { staff, business, vatRate } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Billing</h1>
        <p className="mt-1 text-muted-foreground">
          Amounts are in South African rand. VAT is charged at {formatRate(vatRate)}.
        </p>
      </div>
      {staff && business ? <BusinessDetailsCard details={business} /> : null}
    </div>
  );
}
