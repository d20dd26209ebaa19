/**
 * A project's report as a PDF a client can forward: the same report as the page, drawn with
 * PDFKit (decision 024) in Noto Sans (embedded, only the glyphs used), so the names of people
 * and projects print in every Latin script, Greek and Cyrillic; nothing is fetched to make it.
 */
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { site } from "~/content/site";
import { formatDate, formatDateTime } from "~/lib/dates";
import { capitalise } from "~/lib/names";
import { formatBytes, type ProjectReport, type Section } from "~/lib/reports";

const MARGIN = 50;
const INK = "#1f2433";
const MUTED = "#5b6170";
const RULE = "#d5d8e0";
const ACCENT = "#3a3fa6";

const resolve = createRequire(import.meta.url).resolve;
/** The report's three faces (@expo-google-fonts/noto-sans: the full fonts, SIL OFL). */
export const FACES = {
  Body: resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  Bold: resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
  Italic: resolve("@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf"),
} as const;

/**
 * A new A4 document with the three faces registered, and its bytes once `doc.end()` is called:
 * the head every PDF of the portal (reports, invoices, proposals) starts with.
 */
export function openPdf(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, ...options });
  for (const [name, file] of Object.entries(FACES)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** The characters all three faces can draw, read once from the regular face. */
let drawable: Set<number> | undefined;
function canDraw(code: number) {
  drawable ??= new Set(fontkit.openSync(FACES.Body).characterSet);
  return drawable.has(code);
}

/**
 * Text the report's font can draw: an accent it lacks is dropped ("ǹ" → "n" if it had no "ǹ"),
 * any other missing character becomes "?" (an emoji, a script the font does not cover), never a
 * wrong glyph; control characters become spaces.
 */
export function pdfText(value: string): string {
  let out = "";
  for (const ch of value.normalize("NFC")) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\n") out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += " ";
    else if (canDraw(code)) out += ch;
    else {
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => canDraw(c.codePointAt(0) ?? 0)) ? base : "?";
    }
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

function bottom(doc: Doc) {
  return doc.page.height - MARGIN - 20;
}

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function heading(doc: Doc, text: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.8);
  doc.font("Bold").fontSize(14).fillColor(INK).text(pdfText(text), MARGIN);
  doc.moveDown(0.3);
}

function note(doc: Doc, text: string) {
  doc
    .font("Italic")
    .fontSize(10)
    .fillColor(MUTED)
    .text(pdfText(text), MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
  doc.fillColor(INK);
}

interface Column {
  header: string;
  /** Share of the text width. */
  share: number;
  align?: "left" | "right";
}

function table(doc: Doc, columns: Column[], rows: string[][]) {
  const width = doc.page.width - 2 * MARGIN;
  const widths = columns.map((c) => c.share * width);
  const pad = 4;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? "Bold" : "Body").fontSize(9);
    const texts = cells.map(pdfText);
    const height =
      Math.max(
        ...texts.map((t, i) => doc.heightOfString(t, { width: (widths[i] ?? 0) - 2 * pad })),
      ) +
      2 * pad;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      if (!bold)
        drawRow(
          columns.map((c) => c.header),
          true,
        );
    }
    const top = doc.y;
    let x = MARGIN;
    texts.forEach((t, i) => {
      doc.fillColor(bold ? MUTED : INK).text(t, x + pad, top + pad, {
        width: (widths[i] ?? 0) - 2 * pad,
        align: columns[i]?.align ?? "left",
      });
      x += widths[i] ?? 0;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.fillColor(INK);
  doc.moveDown(0.5);
}

function facts(doc: Doc, pairs: [string, string][]) {
  for (const [k, v] of pairs) {
    ensureRoom(doc, 16);
    const y = doc.y;
    doc.font("Bold").fontSize(10).fillColor(MUTED).text(pdfText(k), MARGIN, y, {
      width: 120,
    });
    doc
      .font("Body")
      .fillColor(INK)
      .text(pdfText(v), MARGIN + 125, y, { width: doc.page.width - 2 * MARGIN - 125 });
    doc.x = MARGIN;
  }
}

/** Progress over the period as a step line, 0–100 %. */
function progressChart(doc: Doc, report: ProjectReport) {
  const h = 130;
  ensureRoom(doc, h + 30);
  const x0 = MARGIN + 30;
  const x1 = doc.page.width - MARGIN;
  const y0 = doc.y + 6;
  const y1 = y0 + h;
  const t0 = Date.parse(report.period.start);
  const t1 = Math.max(t0 + 1, Math.min(Date.parse(report.period.end), Date.parse(report.madeAt)));
  const x = (iso: string) =>
    x0 + ((Math.min(t1, Math.max(t0, Date.parse(iso))) - t0) / (t1 - t0)) * (x1 - x0);
  const y = (v: number) => y1 - (Math.max(0, Math.min(100, v)) / 100) * h;
  doc.font("Body").fontSize(8).fillColor(MUTED);
  for (const t of [0, 50, 100]) {
    doc.moveTo(x0, y(t)).lineTo(x1, y(t)).strokeColor(RULE).lineWidth(0.5).stroke();
    doc.text(`${t}%`, MARGIN - 4, y(t) - 4, { width: 30, align: "right" });
  }
  const steps = report.progressSteps;
  if (steps.length > 0) {
    let value = (steps[0] as { value: number }).value;
    doc.moveTo(x((steps[0] as { at: string }).at), y(value));
    for (const s of steps.slice(1)) {
      doc.lineTo(x(s.at), y(value)); // holds until the change
      value = s.value;
      doc.lineTo(x(s.at), y(value));
    }
    doc.lineTo(x1, y(value));
    doc.strokeColor(ACCENT).lineWidth(2).stroke();
  }
  doc.fillColor(MUTED).text(formatDate(report.period.from), x0, y1 + 4);
  doc.text(formatDate(report.period.to), x1 - 100, y1 + 4, { width: 100, align: "right" });
  doc.fillColor(INK);
  doc.x = MARGIN;
  doc.y = y1 + 20;
}

function section<T>(
  doc: Doc,
  title: string,
  data: Section<T>,
  empty: string,
  draw: (items: T[]) => void,
) {
  heading(doc, title);
  if (!data.available) note(doc, data.reason);
  else if (data.items.length === 0) note(doc, empty);
  else draw(data.items);
}

/** The report as PDF bytes. */
export function renderReportPdf(report: ProjectReport): Promise<Buffer> {
  const { project, period } = report;
  const { doc, done } = openPdf({
    bufferPages: true,
    lang: "en-ZA",
    displayTitle: true,
    info: {
      Title: pdfText(`Project report: ${project.title}`),
      Author: pdfText(site.name),
      Subject: pdfText(`${period.label}`),
      CreationDate: new Date(report.madeAt),
    },
  });
  // Noto Sans sets its lines looser than Helvetica (1.36 em): a little closer, room enough for
  // the marks above and below (Ṱ, ḓ).
  doc.lineGap(-1.5);

  doc.font("Body").fontSize(10).fillColor(MUTED).text(pdfText(site.name));
  doc.moveDown(0.4);
  doc
    .font("Bold")
    .fontSize(20)
    .fillColor(INK)
    .text(pdfText(`Project report: ${project.title}`));
  doc.moveDown(0.3);
  doc
    .font("Body")
    .fontSize(11)
    .fillColor(MUTED)
    .text(
      pdfText(
        [project.clientName ? `For ${project.clientName}` : null, `Period: ${period.label}`]
          .filter(Boolean)
          .join(" · "),
      ),
    );
  doc.text(pdfText(`Made on ${formatDateTime(report.madeAt)}`));
  doc.fillColor(INK);

  heading(doc, "Status");
  facts(doc, [
    ["Status", capitalise(project.status)],
    ["Progress", `${project.progress}%`],
    ["Priority", capitalise(project.priority)],
    ["Started", formatDate(project.createdAt)],
  ]);

  heading(doc, "Progress over time");
  if (report.progressSteps.length === 0) {
    note(doc, "No progress was recorded for this project in this period.");
  } else {
    progressChart(doc, report);
  }
  if (report.changes.length > 0) {
    table(
      doc,
      [
        { header: "When", share: 0.28 },
        { header: "Change", share: 0.18 },
        { header: "From", share: 0.17 },
        { header: "To", share: 0.17 },
        { header: "By", share: 0.2 },
      ],
      report.changes.map((c) => [
        formatDateTime(c.at),
        c.what,
        c.from ?? "—",
        c.to ?? "—",
        c.actor ?? "—",
      ]),
    );
  } else {
    note(doc, "No status or progress changes in this period.");
  }

  section(
    doc,
    "Milestones",
    report.milestones,
    "The project had no milestones by the end of this period.",
    (items) =>
      table(
        doc,
        [
          { header: "Milestone", share: 0.44 },
          { header: "Due", share: 0.18 },
          { header: "Status", share: 0.18 },
          { header: "Done", share: 0.2 },
        ],
        items.map((m) => [
          m.title,
          m.dueDate ? formatDate(m.dueDate) : "—",
          capitalise(m.status),
          m.completedAt ? formatDate(m.completedAt) : "—",
        ]),
      ),
  );
  section(doc, "Approvals", report.approvals, "No approvals were given in this period.", (items) =>
    table(
      doc,
      [
        { header: "When", share: 0.22 },
        { header: "Item", share: 0.26 },
        { header: "Answer", share: 0.32 },
        { header: "By", share: 0.2 },
      ],
      items.map((a) => [
        formatDateTime(a.at),
        a.item,
        a.comment ? `${a.decision}: ${a.comment}` : a.decision,
        a.by ?? "—",
      ]),
    ),
  );
  section(
    doc,
    "Files delivered",
    report.files,
    "No files were delivered in this period.",
    (items) =>
      table(
        doc,
        [
          { header: "File", share: 0.3 },
          { header: "Version", share: 0.1, align: "right" },
          { header: "Size", share: 0.12, align: "right" },
          { header: "By", share: 0.22 },
          { header: "When", share: 0.26 },
        ],
        items.map((f) => [
          f.name,
          String(f.version),
          formatBytes(f.size),
          f.by ?? "—",
          formatDateTime(f.at),
        ]),
      ),
  );

  heading(doc, "Messages");
  const { fromClient, fromAgency, latest } = report.messages;
  facts(doc, [
    ["From the client", String(fromClient)],
    [`From ${site.name}`, String(fromAgency)],
  ]);
  doc.moveDown(0.5);
  if (latest.length > 0) {
    table(
      doc,
      [
        { header: "When", share: 0.28 },
        { header: "From", share: 0.24 },
        { header: "Subject", share: 0.48 },
      ],
      latest.map((m) => [
        formatDateTime(m.at),
        m.sender ?? (m.fromAgency ? site.name : "Client"),
        m.subject,
      ]),
    );
    if (fromClient + fromAgency > latest.length) {
      note(doc, `The latest ${latest.length} of ${fromClient + fromAgency} messages are listed.`);
    }
  } else {
    note(doc, "No messages about this project in this period.");
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the margin: no new page for it
    doc
      .font("Body")
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        pdfText(`${project.title} · ${period.label} · page ${i + 1} of ${range.count}`),
        MARGIN,
        doc.page.height - MARGIN,
        { width: doc.page.width - 2 * MARGIN, align: "center", lineBreak: false },
      );
  }
  doc.end();
  return done;
}
