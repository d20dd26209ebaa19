/**
 * A proposal as a PDF (issue 32, point 2; decision 072), drawn with PDFKit in the reports'
 * embedded Noto Sans like the invoices: the supplier, the client, each line, the once-off and
 * monthly amounts with VAT, the deposit, validity and terms. An accepted proposal ends with its
 * acceptance page: who signed (the typed name), when, from which IP address and user agent, and
 * the SHA-256 of exactly what was accepted.
 */
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatRand, formatRate } from "~/lib/money";
import { PROPOSAL_ITEM_KIND_LABELS, TO_BE_CONFIRMED } from "~/lib/validation/billing-values";
import { openPdf, pdfText } from "../reports/report-pdf.server";
import type { BusinessDetails } from "./business.server";
import type { ProposalDetail } from "./proposals.server";

const MARGIN = 50;
const INK = "#1f2433";
const MUTED = "#5b6170";

const or = (value: string | null | undefined) => pdfText(value?.trim() || TO_BE_CONFIRMED);

export function renderProposalPdf(proposal: ProposalDetail, supplier: BusinessDetails) {
  const { doc, done } = openPdf({
    margin: MARGIN,
    info: { Title: `Proposal: ${pdfText(proposal.title)}` },
  });
  const width = doc.page.width - 2 * MARGIN;
  const body = (text: string, color = INK) =>
    doc.font("Body").fontSize(10).fillColor(color).text(text);
  const heading = (text: string, size = 12) =>
    doc.font("Bold").fontSize(size).fillColor(INK).text(text);

  heading("Proposal", 22);
  body(pdfText(proposal.title));
  body(`Valid until ${formatDate(proposal.validUntil)}`, MUTED);
  doc.moveDown(1);
  heading("From", 10);
  body(or(supplier.legalName));
  body(or(supplier.address));
  body(`VAT number: ${or(supplier.vatNumber)}`);
  doc.moveDown(0.5);
  heading("For", 10);
  body(pdfText(proposal.clientName));
  if (proposal.recipientVatNumber) body(`VAT number: ${pdfText(proposal.recipientVatNumber)}`);
  doc.moveDown(1);

  heading("Line items");
  for (const l of proposal.lines) {
    body(
      `${pdfText(l.description)} — ${PROPOSAL_ITEM_KIND_LABELS[l.kind]} — ${l.quantity} × ${formatRand(l.unitCents)} = ${formatRand(l.amountCents)} excl. VAT`,
    );
  }
  doc.moveDown(0.5);
  const t = proposal.totals;
  const rate = formatRate(proposal.vatBasisPoints);
  if (t.onceOffCents > 0) {
    body(
      `Once-off: ${formatRand(t.onceOffCents)} + VAT at ${rate} ${formatRand(t.onceOffVatCents)} = ${formatRand(t.onceOffTotalCents)}`,
    );
  }
  if (t.monthlyCents > 0) {
    body(
      `Monthly: ${formatRand(t.monthlyCents)} + VAT at ${rate} ${formatRand(t.monthlyVatCents)} = ${formatRand(t.monthlyTotalCents)}, invoiced on day ${proposal.billingDay} of each month`,
    );
  }
  if (proposal.depositPercent > 0) {
    body(
      `Deposit on acceptance: ${proposal.depositPercent}% of the once-off amount, ${formatRand(t.depositTotalCents)} incl. VAT`,
    );
  }
  if (proposal.terms.trim()) {
    doc.moveDown(1);
    heading("Terms");
    body(pdfText(proposal.terms));
  }

  const signature = proposal.signature;
  if (signature) {
    doc.addPage();
    heading("Acceptance", 18);
    doc.moveDown(0.5);
    body(
      "This proposal was accepted electronically in the client portal: the person typed their full name and ticked that they accept the proposal and its terms.",
    );
    doc.moveDown(0.5);
    const fact = (label: string, value: string) => {
      doc.font("Bold").fontSize(10).fillColor(INK).text(label, { continued: true });
      doc.font("Body").text(` ${value}`, { width });
    };
    fact("Signed by (typed name):", pdfText(signature.name));
    fact("When:", formatDateTime(signature.at));
    fact("IP address:", pdfText(signature.ip ?? "Not recorded"));
    fact("User agent:", pdfText(signature.userAgent ?? "Not recorded"));
    fact("SHA-256 of what was accepted:", signature.contentHash);
  }
  doc.end();
  return done;
}
