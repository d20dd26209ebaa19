/**
 * A tax invoice (or its credit note) as a PDF (issue 32, point 3; decision 073), drawn with
 * PDFKit in the reports' embedded Noto Sans (decision 024): the words 'Tax Invoice', the
 * supplier's and the recipient's names, addresses and VAT numbers, the number, the date, each
 * line, the amount excluding VAT, the VAT, the total, and how to pay by EFT with its reference.
 * Every amount in the house format (decision 071).
 */
import { formatDate } from "~/lib/dates";
import { formatRand, formatRate } from "~/lib/money";
import { TO_BE_CONFIRMED } from "~/lib/validation/billing-values";
import { openPdf, pdfText } from "../reports/report-pdf.server";
import type { InvoiceDetail } from "./invoices.server";

const MARGIN = 50;
const INK = "#1f2433";
const MUTED = "#5b6170";
const RULE = "#d5d8e0";

const or = (value: string | null | undefined) => pdfText(value?.trim() || TO_BE_CONFIRMED);

/** The invoice's PDF; `credit: true` draws its credit note instead. */
export function renderInvoicePdf(invoice: InvoiceDetail, options: { credit?: boolean } = {}) {
  const credit = options.credit && invoice.creditNote ? invoice.creditNote : null;
  const { doc, done } = openPdf({
    margin: MARGIN,
    info: { Title: credit ? `Credit note ${credit.number}` : `Tax invoice ${invoice.number}` },
  });
  const width = doc.page.width - 2 * MARGIN;
  const s = invoice.supplier;

  doc
    .font("Bold")
    .fontSize(22)
    .fillColor(INK)
    .text(credit ? "Credit Note" : "Tax Invoice");
  doc.moveDown(0.3);
  doc.font("Body").fontSize(10).fillColor(MUTED);
  doc.text(
    credit
      ? `${credit.number} · ${formatDate(credit.issuedOn)} · credits tax invoice ${invoice.number}`
      : `${invoice.number} · Date ${formatDate(invoice.issuedOn)} · Due ${formatDate(invoice.dueOn)}`,
  );
  doc.moveDown(1);

  const top = doc.y;
  const col = (width - 20) / 2;
  const block = (x: number, title: string, lines: string[]) => {
    doc.font("Bold").fontSize(10).fillColor(INK).text(title, x, top, { width: col });
    doc.font("Body").fontSize(10).fillColor(INK);
    for (const line of lines) doc.text(line, x, undefined, { width: col });
    return doc.y;
  };
  const left = block(MARGIN, "From (supplier)", [
    or(s.legalName),
    or(s.address),
    `VAT number: ${or(s.vatNumber)}`,
    ...(s.registrationNumber ? [`Registration: ${pdfText(s.registrationNumber)}`] : []),
  ]);
  const right = block(MARGIN + col + 20, "To (recipient)", [
    pdfText(invoice.clientName),
    ...(invoice.recipientAddress ? [pdfText(invoice.recipientAddress)] : []),
    `VAT number: ${invoice.recipientVatNumber ? pdfText(invoice.recipientVatNumber) : "Not given"}`,
  ]);
  doc.x = MARGIN;
  doc.y = Math.max(left, right) + 20;

  doc
    .font("Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(pdfText(credit ? credit.reason : invoice.description));
  doc.moveDown(0.5);

  const cols = [
    { title: "Description", x: MARGIN, w: width - 260, align: "left" as const },
    { title: "Qty", x: MARGIN + width - 260, w: 40, align: "right" as const },
    { title: "Unit (excl. VAT)", x: MARGIN + width - 210, w: 100, align: "right" as const },
    { title: "Amount (excl. VAT)", x: MARGIN + width - 100, w: 100, align: "right" as const },
  ];
  const row = (cells: string[], font: "Body" | "Bold") => {
    const y = doc.y;
    let bottom = y;
    doc.font(font).fontSize(10).fillColor(INK);
    cells.forEach((text, i) => {
      const c = cols[i];
      if (!c) return;
      doc.text(text, c.x, y, { width: c.w, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y += 4;
  };
  row(
    cols.map((c) => c.title),
    "Bold",
  );
  for (const l of invoice.lines) {
    row(
      [
        pdfText(l.description),
        String(l.quantity),
        formatRand(l.unitCents),
        formatRand(l.amountCents),
      ],
      "Body",
    );
  }
  doc.moveDown(0.5);
  const sign = credit ? -1 : 1;
  const total = (label: string, cents: number, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? "Bold" : "Body")
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, MARGIN + width - 300, y, { width: 190, align: "right" });
    doc.text(formatRand(sign * cents), MARGIN + width - 100, y, { width: 100, align: "right" });
    doc.x = MARGIN;
    doc.moveDown(0.2);
  };
  total("Total excluding VAT", invoice.subtotalCents);
  total(`VAT at ${formatRate(invoice.vatBasisPoints)}`, invoice.vatCents);
  total(credit ? "Total credited" : "Total including VAT", invoice.totalCents, true);
  doc.moveDown(1.5);

  if (!credit) {
    doc.font("Bold").fontSize(10).fillColor(INK).text("Pay by EFT");
    doc.font("Body").fontSize(10).fillColor(INK);
    doc.text(`Bank: ${or(s.bankName)}`);
    doc.text(`Account holder: ${or(s.accountHolder)}`);
    doc.text(`Account number: ${or(s.accountNumber)}`);
    doc.text(`Branch code: ${or(s.branchCode)}`);
    doc.text(`Reference: ${invoice.number}`);
  }
  doc.end();
  return done;
}
