import { centsToDecimal } from "~/lib/money";
import { clientStatement } from "~/server/billing/overview.server";
import { readClientFilter } from "~/server/clients/client-choices.server";
import { toCsv } from "~/server/csv.server";
import { badRequest, notFound } from "../refuse.server";
import type { Route } from "./+types/billing-statement-csv";
import { requireUser } from "./context.server";

const KIND = { invoice: "Invoice", "credit-note": "Credit note", payment: "Payment" } as const;

/**
 * Billing → 'Download statement (CSV)': a contact's own client's statement, or (staff) the
 * client named by `?client=`; amounts in rand as decimals, debits and credits apart.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope } = await requireUser(request);
  let clientId: string | null = scope.kind === "client" ? scope.clientId : null;
  if (!clientId) {
    const filter = await readClientFilter(
      db,
      scope,
      new URL(request.url).searchParams.get("client"),
    );
    if (!filter.clientId) throw badRequest("Choose a client for the statement");
    clientId = filter.clientId;
  }
  const statement = await clientStatement(db, scope, clientId);
  if (!statement) throw notFound("Client not found");
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
