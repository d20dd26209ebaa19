import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ProjectReport } from "~/lib/reports";
import { resolvePeriod } from "~/lib/validation/period";
import { pdfText, renderReportPdf } from "./report-pdf.server";

const NOW = new Date("2026-03-18T10:00:00Z");

function report(overrides: Partial<ProjectReport> = {}): ProjectReport {
  return {
    project: {
      id: "00000000-0000-4000-8000-000000000001",
      title: "WhatsApp ordering bot",
      clientName: "Dlamini Foods",
      status: "active",
      priority: "high",
      progress: 60,
      createdAt: "2026-02-01T08:00:00Z",
    },
    period: resolvePeriod({ range: "30" }, NOW),
    madeAt: NOW.toISOString(),
    progressSteps: [
      { at: "2026-02-17T00:00:00+02:00", value: 20 },
      { at: "2026-03-01T09:00:00Z", value: 40 },
      { at: "2026-03-10T09:00:00Z", value: 60 },
    ],
    changes: [
      {
        at: "2026-03-01T09:00:00Z",
        actor: "Ayanda Admin",
        what: "Progress",
        from: "20%",
        to: "40%",
      },
      {
        at: "2026-03-10T09:00:00Z",
        actor: "Ayanda Admin",
        what: "Progress",
        from: "40%",
        to: "60%",
      },
    ],
    milestones: { available: false, reason: "Milestones appear here once the project has them." },
    approvals: { available: true, items: [] },
    files: { available: false, reason: "Files appear here once they are delivered." },
    messages: {
      fromClient: 2,
      fromAgency: 1,
      latest: [
        {
          at: "2026-03-12T10:00:00Z",
          fromAgency: true,
          sender: "Ayanda Admin",
          subject: "Designs ready",
        },
        { at: "2026-03-11T10:00:00Z", fromAgency: false, sender: "Naledi", subject: "Menu update" },
        {
          at: "2026-03-05T10:00:00Z",
          fromAgency: false,
          sender: "Naledi",
          subject: "Ngũgĩ's café — 😀",
        },
      ],
    },
    ...overrides,
  };
}

function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "report-pdf-"));
  const file = path.join(dir, "report.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("the report PDF", () => {
  it("is a PDF that opens and says what the report says", async () => {
    const pdf = await renderReportPdf(report());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOf(pdf);
    expect(text).toContain("Project report: WhatsApp ordering bot");
    expect(text).toContain("For Dlamini Foods");
    expect(text).toContain("Last 30 days (17 Feb 2026 to 18 Mar 2026)");
    expect(text).toMatch(/Progress\s+60%/);
    expect(text).toMatch(/Progress\s+40%\s+60%\s+Ayanda Admin/);
    expect(text).toContain("Milestones appear here once the project has them.");
    expect(text).toContain("No approvals were given in this period.");
    expect(text).toMatch(/From the client\s+2/);
    expect(text).toContain("Designs ready");
    // Every Latin script prints; what the font lacks (an emoji) becomes '?', never a wrong glyph.
    expect(text).toContain("Ngũgĩ's café — ?");
    expect(text).toContain("page 1 of 1");
  });

  it("runs onto more pages when the lists are long, with the header again", async () => {
    const latest = Array.from({ length: 50 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 2, 1, 8, i)).toISOString(),
      fromAgency: i % 2 === 0,
      sender: "Thabo",
      subject: `Message number ${i + 1}`,
    }));
    const text = textOf(
      await renderReportPdf(report({ messages: { fromClient: 60, fromAgency: 40, latest } })),
    );
    expect(text).toContain("Message number 50");
    expect(text).toContain("The latest 50 of 100 messages are listed.");
    expect(text).toMatch(/page 2 of [23]/);
  });

  it("keeps the names of every South African language, and what the font cannot draw is '?'", () => {
    expect(pdfText("Zoë Müller — “Café” €5")).toBe("Zoë Müller — “Café” €5");
    // Tshivenda and Afrikaans names; Greek and Cyrillic too.
    expect(pdfText("Ṱhalitshani Muḓau, Ṅwana Ḽiṋwe; Pieter Vermeulen-Strauß")).toBe(
      "Ṱhalitshani Muḓau, Ṅwana Ḽiṋwe; Pieter Vermeulen-Strauß",
    );
    expect(pdfText("Αθηνά Παππά, Ольга")).toBe("Αθηνά Παππά, Ольга");
    expect(pdfText("Ōkubo 北京 😀\u0007")).toBe("Ōkubo ?? ? ");
  });

  it("prints a Tshivenda client name in the PDF itself", async () => {
    const base = report();
    const text = textOf(
      await renderReportPdf({
        ...base,
        project: { ...base.project, clientName: "Ṱhalitshani Muḓau Holdings" },
      }),
    );
    expect(text).toContain("For Ṱhalitshani Muḓau Holdings");
  });
});
