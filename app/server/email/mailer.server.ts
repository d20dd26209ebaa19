import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailAttachment } from "../db/schema.server";

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  /** An HTML alternative (multipart/alternative with the text). */
  html?: string | null;
  /** Extra headers (List-Unsubscribe …). */
  headers?: Record<string, string> | null;
  /** Files sent with it (a booking's .ics). */
  attachments?: MailAttachment[] | null;
}

export interface Mailer {
  /** Where mail goes, for the log. */
  describe: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The outbox row as nodemailer's message; its Message-ID is the row's, so a retry is the same mail. */
function messageOf(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    headers: mail.headers ?? undefined,
    attachments: mail.attachments ?? undefined,
    messageId: `<${mail.id}@outbox>`,
  };
}

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail. */
export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, {
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    } as never);
    const url = new URL(options.smtpUrl);
    return {
      describe: `SMTP ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      async send(mail) {
        await transport.sendMail(messageOf(mail));
      },
      close: () => transport.close(),
    };
  }

  const dir = path.resolve(options.dataDir, "mail");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    describe: `files in ${dir}`,
    async send(mail) {
      const info = await transport.sendMail(messageOf(mail));
      // Mail holds reset and invitation links: readable by the server's own user only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(path.join(dir, `${stamp}-${mail.id}.eml`), info.message as Buffer, {
        mode: 0o600,
      });
    },
    close: () => transport.close(),
  };
}
