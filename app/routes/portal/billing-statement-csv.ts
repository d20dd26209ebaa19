import { centsToDecimal } from "~/lib/money";
import { clientStatement } from "~/server/billing/overview.server";
import { readClientFilter } from "~/server/clients/client-choices.server";
import { CLIENT_NOT_FOUND } from "~/server/clients/clients.server";
import { toCsv } from "~/server/csv.server";
import { parseId } from "~/server/workspace/scope.server";
import { badRequest, notFound } from "../refuse.server";
import type { Route } from "./+types/billing-statement-csv";
import { requireBilling } from "./billing.server";

const KIND = { invoice: "Invoice", "credit-note": "Credit note", payment: "Payment" } as const;

/**
 * Billing → 'Download statement (CSV)': a contact's own client's statement, or (staff) the
 * client named by `?client=`; amounts in rand as decimals, debits and credits apart.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope } = await requireBilling(request);
  let clientId: string | null = scope.kind === "client" ? scope.clientId : null;
  if (!clientId) {
    const asked = new URL(request.url).searchParams.get("client");
    // No client, or no client id: a 400 that says what to send. A well-formed id of a client
    // that does not exist or is not theirs: 404, as for any other row out of reach.
    if (!asked || !parseId(asked)) throw badRequest("Choose a client for the statement");
    const filter = await readClientFilter(db, scope, asked);
    if (!filter.clientId) throw notFound(CLIENT_NOT_FOUND);
    clientId = filter.clientId;
  }
  const statement = await clientStatement(db, scope, clientId);
  if (!statement) throw notFound(CLIENT_NOT_FOUND);
  const rows = statement.entries.map((e) => [
    e.on,
    KIND[e.kind],
    e.number,
    e.description,
    e.amountCents > 0 ? centsToDecimal(e.amountCents) : "",
    e.amountCents < 0 ? centsToDecimal(-e.amountCents) : "",
    centsToDecimal(e.balanceCents),
  ]);
  const name = `statement-${
    statement.clientName
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "client"
  }.csv`;
  return new Response(
    toCsv([
      ["Date", "Type", "Number", "Description", "Debit (R)", "Credit (R)", "Balance (R)"],
      ...rows,
    ]),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    },
  );
}
