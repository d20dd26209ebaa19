/**
 * A local fake of WhatsApp's Cloud API for the tests (decision 078): it records every message
 * POSTed to /{version}/{phone number id}/messages and answers like the Cloud API, with a new
 * message id; `failNext(n, status)` makes the next n calls fail. Started by the tests
 * themselves on a free port of 127.0.0.1; no network.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeCloudRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> & {
    to?: string;
    type?: string;
    text?: { body: string };
    interactive?: {
      body: { text: string };
      action: { buttons: { reply: { id: string; title: string } }[] };
    };
    template?: {
      name: string;
      language: { code: string };
      components: {
        type: string;
        sub_type?: string;
        index?: string;
        parameters: { type: string; text?: string; payload?: string }[];
      }[];
    };
  };
  /** The id the fake answered with (none when it failed). */
  id: string | null;
}

export interface FakeCloudApi {
  url: string;
  requests: FakeCloudRequest[];
  failNext(count: number, status?: number): void;
  clear(): void;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export async function startFakeCloudApi(port = 0): Promise<FakeCloudApi> {
  const requests: FakeCloudRequest[] = [];
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  let counter = 0;
  const server = createServer(async (req, res) => {
    const text = await read(req);
    const body = (text ? JSON.parse(text) : {}) as FakeCloudRequest["body"];
    const record: FakeCloudRequest = {
      path: req.url ?? "",
      authorization: req.headers.authorization,
      body,
      id: null,
    };
    requests.push(record);
    res.setHeader("Content-Type", "application/json");
    if (failures.left > 0) {
      failures = { ...failures, left: failures.left - 1 };
      res.statusCode = failures.status;
      res.end(JSON.stringify({ error: { message: "fake failure", code: 1 } }));
      return;
    }
    if (!/^\/v\d+\.\d+\/[^/]+\/messages$/.test(record.path) || req.method !== "POST") {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: "unknown path" } }));
      return;
    }
    counter += 1;
    record.id = `wamid.fake${counter}`;
    res.end(
      JSON.stringify({
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: record.id }],
      }),
    );
  });
  // Idle kept-alive connections stay open as a real API's do: with Node's 5 s, a request sent
  // on a connection the fake was closing failed ('fetch failed') after a pause of 5 s, as the
  // WhatsApp test's sentence model takes to load on a loaded machine (the fresh-clone CI's
  // failure; server.ts keeps its own for 125 s for the same reason).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    failNext(count, status = 500) {
      failures = { left: count, status };
    },
    clear() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
