import { booksExportSchema } from "~/lib/validation/billing";
import { BOOKS_DEFAULTS } from "~/lib/validation/billing-values";
import { firstIssue } from "~/lib/validation/zod";
import { booksExport } from "~/server/billing/books-export.server";
import { toCsv } from "~/server/csv.server";
import type { Route } from "./+types/billing-export-csv";
import { requireAdmin } from "./context.server";

/**
 * Billing → 'Export for the books' (administrators): a period's invoices and credit notes, or
 * its payments, as CSV for Xero or Sage Business Cloud. A bad period or layout: 400, in words.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = booksExportSchema.safeParse(params);
  if (!parsed.success) {
    return new Response(firstIssue(parsed.error).message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const defaults = BOOKS_DEFAULTS[parsed.data.format];
  const input = {
    ...parsed.data,
    account: parsed.data.account || defaults.account,
    taxRate: parsed.data.taxRate || defaults.taxRate,
  };
  const { name, rows } = await booksExport(db, input);
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
