/**
 * A local fake of PayFast for the tests (decision 074), started by the tests on a port of their
 * own on 127.0.0.1; no network. It plays PayFast's three parts:
 * - the payment page: 'Pay now' posts the signed form to POST /eng/process; the fake checks the
 *   merchant and the signature (its own MD5, written apart from ours) and shows a page with a
 *   'Pay' button (or an error page, as PayFast does);
 * - paying: 'Pay' sends the notification (ITN) to the form's notify_url, signed over every field
 *   with the passphrase, waits for the answer, then sends the browser to the return_url;
 * - the validation call (POST /eng/query/validate): VALID, or INVALID after `answer("INVALID")`.
 * It records the validation calls and the notifications it sent.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePayfastOptions {
  port?: number;
  /** The merchant the payment page accepts, and the passphrase both sides sign with. */
  merchantId?: string;
  merchantKey?: string;
  passphrase?: string | null;
}

export interface SentNotification {
  fields: [string, string][];
  /** Our server's answer to it. */
  status: number;
  body: string;
}

export interface FakePayfast {
  url: string;
  /** The bodies of the validation calls, in order. */
  validations: string[];
  /** The notifications sent to a notify_url, in order, with the answers. */
  notifications: SentNotification[];
  answer(text: "VALID" | "INVALID"): void;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

/** PayFast's signing, written from its documentation (PHP urlencode, MD5), not shared with ours. */
function sign(fields: [string, string][], passphrase: string | null, skipEmpty: boolean): string {
  const encode = (v: string) =>
    encodeURIComponent(v.trim())
      .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, "+");
  const parts = fields
    .filter(([k, v]) => k !== "signature" && (!skipEmpty || v.trim() !== ""))
    .map(([k, v]) => `${k}=${encode(v)}`);
  if (passphrase) parts.push(`passphrase=${encode(passphrase)}`);
  return createHash("md5").update(parts.join("&")).digest("hex");
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function html(res: ServerResponse, status: number, title: string, body: string) {
  res
    .writeHead(status, { "Content-Type": "text/html; charset=utf-8" })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

export async function startFakePayfast(options: FakePayfastOptions = {}): Promise<FakePayfast> {
  const validations: string[] = [];
  const notifications: SentNotification[] = [];
  const checkout = new Map<string, [string, string][]>();
  let reply: "VALID" | "INVALID" = "VALID";
  // PayFast's ids are unique for good; so are the fake's, across fakes started one after another
  // on one server (a retried journey starts a second fake: ids from 1 again were replays).
  let paymentIds = Date.now() * 1000;
  const passphrase = options.passphrase ?? null;

  async function pay(res: ServerResponse, form: [string, string][]) {
    const get = (key: string) => form.find(([k]) => k === key)?.[1] ?? "";
    paymentIds += 1;
    const amount = Number(get("amount"));
    const fee = Math.round(amount * 2.3) / 100;
    const itn: [string, string][] = [
      ["m_payment_id", get("m_payment_id")],
      ["pf_payment_id", String(paymentIds)],
      ["payment_status", "COMPLETE"],
      ["item_name", get("item_name")],
      ["item_description", get("item_description")],
      ["amount_gross", amount.toFixed(2)],
      ["amount_fee", (-fee).toFixed(2)],
      ["amount_net", (amount - fee).toFixed(2)],
      ["name_first", get("name_first")],
      ["email_address", get("email_address")],
      ["merchant_id", get("merchant_id")],
    ];
    itn.push(["signature", sign(itn, passphrase, false)]);
    const answer = await fetch(get("notify_url"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(itn).toString(),
    });
    notifications.push({ fields: itn, status: answer.status, body: await answer.text() });
    res.writeHead(303, { Location: get("return_url") }).end();
  }

  const server = createServer(async (req, res) => {
    try {
      const body = await read(req);
      const path = (req.url ?? "").split("?")[0];
      if (path === "/eng/query/validate" && req.method === "POST") {
        validations.push(body);
        res.writeHead(200, { "Content-Type": "text/plain" }).end(reply);
        return;
      }
      if (path === "/eng/process" && req.method === "POST") {
        const form = [...new URLSearchParams(body).entries()];
        const get = (key: string) => form.find(([k]) => k === key)?.[1] ?? "";
        const merchantOk =
          (!options.merchantId || get("merchant_id") === options.merchantId) &&
          (!options.merchantKey || get("merchant_key") === options.merchantKey);
        if (!merchantOk || get("signature") !== sign(form, passphrase, true)) {
          html(
            res,
            400,
            "PayFast (fake): payment refused",
            "<p>Merchant or signature mismatch.</p>",
          );
          return;
        }
        const token = createHash("sha256").update(`${body}${Math.random()}`).digest("hex");
        checkout.set(token, form);
        html(
          res,
          200,
          "PayFast (fake): pay",
          `<p>${escapeHtml(get("item_name"))}: R ${escapeHtml(get("amount"))}</p>
<form method="post" action="/eng/process/pay"><input type="hidden" name="token" value="${token}"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(get("cancel_url"))}">Cancel</a></p>`,
        );
        return;
      }
      if (path === "/eng/process/pay" && req.method === "POST") {
        const token = new URLSearchParams(body).get("token") ?? "";
        const form = checkout.get(token);
        checkout.delete(token);
        if (!form) {
          html(res, 400, "PayFast (fake): unknown payment", "");
          return;
        }
        await pay(res, form);
        return;
      }
      if (path?.startsWith("/eng/process")) {
        html(res, 200, "PayFast (fake)", "");
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
    }
  });
  // Idle kept-alive connections stay open as a real API's do: with Node's 5 s, a request sent
  // on a connection the fake was closing failed ('fetch failed') after a pause of 5 s, as the
  // WhatsApp test's sentence model takes to load on a loaded machine (the fresh-clone CI's
  // failure; server.ts keeps its own for 125 s for the same reason).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    validations,
    notifications,
    answer(text) {
      reply = text;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
