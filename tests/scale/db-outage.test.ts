/**
 * PostgreSQL goes away under load and comes back: while it is unreachable the app answers a
 * quick, clear 503; afterwards it serves again without a restart. The outage is made by a TCP
 * proxy between the app and PostgreSQL that drops every connection and refuses new ones.
 */
import net from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { type Running, signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;

function startProxy(port: number, target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop);
    upstream.on("error", drop);
    client.on("close", drop);
    upstream.on("close", drop);
  });
  return new Promise<{ stop(): Promise<void> }>((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        stop: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

let app: Running | undefined;
let dbName = "";

afterAll(async () => {
  if (app) {
    app.process.kill("SIGKILL");
    await app.exited;
  }
  if (dbName && baseUrl) {
    await dropScratchDatabase(baseUrl, dbName);
  }
});

describeIf("PostgreSQL outage", () => {
  it("fails fast with 503 while down and recovers without a restart", async () => {
    dbName = (await createScratchDatabase(baseUrl ?? "", "outage")).name;
    const target = new URL(baseUrl ?? "");
    const proxyPort = 3551;
    let proxy = await startProxy(proxyPort, {
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const dbUrl = new URL(baseUrl ?? "");
    dbUrl.hostname = "127.0.0.1";
    dbUrl.port = String(proxyPort);
    dbUrl.pathname = `/${dbName}`;

    app = await startBuiltServer(3552, { DATABASE_URL: dbUrl.toString(), LOG_LEVEL: "fatal" });
    const { url } = app;
    const cookie = await signUpOver(url, {
      email: `outage-${Date.now()}@example.co.za`,
      password: "secret-1",
      name: "Outage",
    });

    const portal = async () => {
      const started = Date.now();
      const res = await fetch(`${url}/portal`, { headers: { cookie }, redirect: "manual" });
      await res.arrayBuffer();
      return { status: res.status, ms: Date.now() - started };
    };
    expect((await portal()).status).toBe(200);

    // Down: once the app has noticed (its once-a-second ping fails), every request is a quick 503.
    await proxy.stop();
    await vi.waitUntil(async () => (await fetch(`${url}/readyz`)).status === 503, {
      timeout: 10_000,
      interval: 100,
    });
    const during = [];
    for (let i = 0; i < 10; i++) during.push(await portal());
    expect(during.map((d) => d.status)).toEqual(Array(10).fill(503));
    expect(Math.max(...during.map((d) => d.ms))).toBeLessThan(1000);
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200); // prerendered pages still served

    // Back.
    proxy = await startProxy(proxyPort, {
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    await vi.waitUntil(async () => (await portal()).status === 200, {
      timeout: 10_000,
      interval: 250,
    });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    await proxy.stop();
  });
});
