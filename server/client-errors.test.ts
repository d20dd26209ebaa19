import http from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerClientError, HEADERS_TOO_LARGE, REQUEST_UNREADABLE } from "./client-errors.ts";

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

async function start(): Promise<number> {
  server = http.createServer({ maxHeaderSize: 16 * 1024 }, (_req, res) => res.end("ok"));
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

function send(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
  });
}

describe("a request the HTTP parser refuses", () => {
  it("with headers over 16 KB is a 431 whose text says why", async () => {
    const port = await start();
    const answer = await send(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nCookie: big=${"x".repeat(17 * 1024)}\r\n\r\n`,
    );
    const [head = "", body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toMatch(/\r\nContent-Type: text\/plain; charset=utf-8\r\n/);
    expect(head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/);
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(HEADERS_TOO_LARGE)}`);
    expect(body).toBe(HEADERS_TOO_LARGE);
  });

  it("that is not HTTP is a 400 with a text, as Node's own but said", async () => {
    const port = await start();
    const answer = await send(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.endsWith(`\r\n\r\n${REQUEST_UNREADABLE}`)).toBe(true);
  });

  it("a request within the limit is answered as usual", async () => {
    const port = await start();
    const answer = await send(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: small=${"x".repeat(8 * 1024)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith("ok")).toBe(true);
  });
});
