/**
 * A local fake of PayFast for the tests (decision 074): it answers the ITN validation call
 * (POST /eng/query/validate) with VALID, or INVALID after `answer("INVALID")`, and records
 * every body it was sent; GET/POST /eng/process stands for the payment page. Started by the
 * tests on a port of their own on 127.0.0.1; no network.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePayfast {
  url: string;
  /** The bodies of the validation calls, in order. */
  validations: string[];
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

export async function startFakePayfast(port = 0): Promise<FakePayfast> {
  const validations: string[] = [];
  let reply: "VALID" | "INVALID" = "VALID";
  const server = createServer(async (req, res) => {
    const body = await read(req);
    if (req.url === "/eng/query/validate" && req.method === "POST") {
      validations.push(body);
      res.writeHead(200, { "Content-Type": "text/plain" }).end(reply);
      return;
    }
    if (req.url?.startsWith("/eng/process")) {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<title>PayFast (fake)</title>");
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    validations,
    answer(text) {
      reply = text;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
