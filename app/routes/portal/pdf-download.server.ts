/**
 * A PDF the portal makes (a report, an invoice or credit note, a proposal) as the download a
 * 'Download PDF' link answers: an attachment under its file name, never cached or sniffed.
 */
export function pdfDownload(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
