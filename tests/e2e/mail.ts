import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

/** The e2e server's data folder (same rule as playwright.config.ts). */
export const E2E_DATA_DIR = `/tmp/agency-e2e-${Number(process.env.E2E_PORT ?? 3123)}`;

export interface CapturedMail {
  file: string;
  headers: string;
  /** The body as sent (for a multipart mail, every part with its headers). */
  text: string;
  /** The plain-text part, decoded (the whole body when the mail has one part). */
  plain: string;
}

/** The text body, decoded from nodemailer's transfer encoding. */
function decodeBody(headers: string, body: string): string {
  if (/^Content-Transfer-Encoding: base64/im.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) {
    return decodeURIComponent(
      body
        .replace(/=\r?\n/g, "")
        .replace(/%/g, "%25")
        .replace(/=([0-9A-F]{2})/g, "%$1"),
    );
  }
  return body;
}

/**
 * A multipart body's text/plain part, decoded from its transfer encoding. Parts are split only
 * on the lines that are exactly one of the mail's boundaries (`--b` or `--b--`): a line of a
 * part that merely holds "--" (a link's token in base64url, about 1 in 100) cut the part there.
 */
function plainPart(headers: string, raw: string): string {
  const boundaries = [...`${headers}\n${raw}`.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) =>
    (m[1] as string).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  if (boundaries.length === 0) return raw;
  const line = new RegExp(`^--(?:${boundaries.join("|")})(?:--)?\\r?$`, "m");
  const part = raw.split(line).find((p) => /Content-Type: text\/plain/i.test(p));
  if (!part) return raw;
  const split = part.search(/\r?\n\r?\n/);
  return decodeBody(part.slice(0, split), part.slice(split).trim());
}

/** Headers with RFC 2047 encoded words (=?UTF-8?Q?…?=) decoded and folded lines joined. */
function decodeHeaders(raw: string): string {
  return raw
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeURIComponent(
              text
                .replace(/_/g, " ")
                .replace(/%/g, "%25")
                .replace(/=([0-9A-F]{2})/gi, "%$1"),
            ),
    );
}

/** Every e-mail to this address (newest first) whose decoded headers match `subject`. */
async function mailsFor(address: string, subject?: RegExp): Promise<CapturedMail[]> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  const to = new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi");
  const found: CapturedMail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), "utf8");
    const split = raw.search(/\r?\n\r?\n/);
    const headers = decodeHeaders(raw.slice(0, split));
    if (!to.test(headers)) continue;
    if (subject && !subject.test(headers)) continue;
    const text = decodeBody(headers, raw.slice(split).trim());
    const plain = /^Content-Type: multipart\//im.test(headers) ? plainPart(headers, text) : text;
    found.push({ file, headers, text, plain });
  }
  return found;
}

async function newestFor(address: string, subject?: RegExp): Promise<CapturedMail | null> {
  return (await mailsFor(address, subject))[0] ?? null;
}

/** How many e-mails to this address the server has written whose (decoded) headers match. */
export async function countMails(address: string, subject: RegExp): Promise<number> {
  return (await mailsFor(address, subject)).length;
}

/** Wait for the newest e-mail to this address (the outbox sends within a moment). */
export async function waitForMail(address: string, subject?: RegExp): Promise<CapturedMail> {
  let found: CapturedMail | null = null;
  await expect
    .poll(
      async () => {
        found = await newestFor(address, subject);
        return found !== null;
      },
      { timeout: 15_000, message: `an e-mail to ${address}` },
    )
    .toBe(true);
  return found as unknown as CapturedMail;
}
