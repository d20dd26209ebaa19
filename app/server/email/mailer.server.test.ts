/**
 * The mailer sends the same mail through SMTP as it writes to files: the text and HTML parts, the
 * extra headers and the attachments (a booking's meeting.ics).
 */
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.server";

let server: SMTPServer;
let url = "";
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the mailer over SMTP", () => {
  it("sends the HTML part, the headers and the attachments", async () => {
    const mailer = createMailer({
      smtpUrl: url,
      dataDir: mkdtempSync(path.join(tmpdir(), "mailer-")),
    });
    try {
      await mailer.send({
        id: "00000000-0000-4000-8000-000000000001",
        from: "Kopano AI <no-reply@kopano.ai>",
        to: "visitor@example.co.za",
        subject: "Booked",
        text: "See you then.",
        html: "<p>See you then.</p>",
        headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        attachments: [
          { filename: "meeting.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" },
        ],
      });
    } finally {
      mailer.close();
    }
    const [raw = ""] = received;
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw).toMatch(/filename=meeting\.ics/);
  });
});
