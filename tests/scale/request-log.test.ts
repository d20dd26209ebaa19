/**
 * The request log on the build (issue 36): one line per request with its id, method, path,
 * status, duration and user; the id sent back as X-Request-Id and carried by the app's own lines
 * for that request; server.ts's messages through the same (JSON) logger; with
 * OTEL_EXPORTER_OTLP_ENDPOINT set, a span per request and the duration metric exported.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Running, signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";

let app: Running;
/** A stand-in OpenTelemetry collector: what the server exported. */
const collected: { path: string; body: string }[] = [];
const collector = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on("end", () => {
    collected.push({ path: req.url ?? "", body });
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  app = await startBuiltServer(
    3590,
    { DATABASE_URL: "", LOG_LEVEL: "info", OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
    { captureOutput: true },
  );
});
afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});

type Line = Record<string, unknown>;
const parsed = (): Line[] =>
  app.lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Line];
    } catch {
      return [];
    }
  });
const linesOf = async (reqId: string, count = 1) => {
  await vi.waitUntil(() => parsed().filter((l) => l.reqId === reqId).length >= count, {
    timeout: 10_000,
  });
  return parsed().filter((l) => l.reqId === reqId);
};

describe("the request log and OpenTelemetry", () => {
  it("starts with server.ts's own messages as JSON lines", () => {
    expect(parsed().some((l) => String(l.msg).startsWith("Server listening on"))).toBe(true);
    expect(app.lines.filter((l) => l.trim() && !l.startsWith("{"))).toEqual([]);
  });

  it("writes one line per request, with the id it sends back", async () => {
    const res = await fetch(`${app.url}/about`);
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await res.text();
    const [line, ...more] = await linesOf(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/about", status: 200 });
    expect(typeof line?.ms).toBe("number");
    expect(line?.userId).toBeUndefined();
  });

  it("names the signed-in user, and ignores an id the client chose (no trusted proxy)", async () => {
    const cookie = await signUpOver(app.url, {
      email: `log-${Date.now()}@example.co.za`,
      password: "secret-123",
      name: "Log Line",
    });
    const res = await fetch(`${app.url}/portal`, {
      headers: { cookie, "x-request-id": "chosen-by-client" },
    });
    await res.text();
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).not.toBe("chosen-by-client");
    const [line] = await linesOf(id);
    expect(line).toMatchObject({ path: "/portal", status: 200 });
    expect(line?.userId).toEqual(expect.any(String));
  });

  it("carries the id on the app's own lines for that request", async () => {
    // A POST to a page with no action (a page that exists: an unknown address is the 404 page):
    // the app logs 'request refused' at info.
    const res = await fetch(`${app.url}/about`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    await res.text();
    const id = res.headers.get("x-request-id") ?? "";
    const lines = await linesOf(id, 2);
    expect(lines.map((l) => l.msg).sort()).toEqual(["request", "request refused"]);
  });

  it("sends each request's span, parented on the proxy's traceparent, to the collector", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const res = await fetch(`${app.url}/about`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    await res.text();
    await app.stop(); // shutting down sends what is buffered
    const traces = collected.filter((r) => r.path === "/v1/traces").map((r) => r.body);
    expect(traces.join("")).toContain(traceId);
    expect(traces.join("")).toContain(res.headers.get("x-request-id"));
    expect(collected.some((r) => r.path === "/v1/metrics")).toBe(true);
  });
});
