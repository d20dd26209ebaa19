import { renderInvoicePdf } from "~/server/billing/invoice-pdf.server";
import { getInvoice, INVOICE_NOT_FOUND, invoiceFileName } from "~/server/billing/invoices.server";
import { now } from "~/server/clock.server";
import { parseId } from "~/server/workspace/scope.server";
import { notFound } from "../refuse.server";
import type { Route } from "./+types/invoice-pdf";
import { billingViewer, requireBilling } from "./billing.server";
import { pdfDownload } from "./pdf-download.server";

/** 'Download PDF': a tax invoice (or, with ?credit=1, its credit note) the person may see. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireBilling(request);
  const id = parseId(params.id);
  const invoice = id ? await getInvoice(ctx.db, billingViewer(ctx), id, now()) : null;
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  const credit = new URL(request.url).searchParams.get("credit") === "1";
  if (credit && !invoice.creditNote) throw notFound(INVOICE_NOT_FOUND);
  const pdf = await renderInvoicePdf(invoice, { credit });
  const name =
    credit && invoice.creditNote ? `${invoice.creditNote.number}.pdf` : invoiceFileName(invoice);
  return pdfDownload(pdf, name);
}
