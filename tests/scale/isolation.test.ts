/**
 * Client isolation through the production build (issue 13, decision 018): the `.data` requests
 * React Router's client makes, form posts and the event stream, over HTTP, as a contact of
 * client B aiming at client A's ids. PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Running, signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
let dbName = "";
let app: Running;
let a = "";
let b = "";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Ids that appear only in what A may see (A's client, project and message). */
let aIds: string[] = [];
const A_TEXT = ["A's secret chatbot", "A's private subject"];

const get = (path: string, cookie: string) =>
  fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });
const postForm = (path: string, fields: Record<string, string>, cookie: string) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

beforeAll(async () => {
  let databaseUrl = "";
  if (baseUrl) {
    ({ name: dbName, url: databaseUrl } = await createScratchDatabase(baseUrl, "scale_iso"));
  }
  app = await startBuiltServer(3561, { DATABASE_URL: databaseUrl });
  a = await signUpOver(app.url, { email: "a@iso.test", password: "secret-1", name: "Anele A" });
  b = await signUpOver(app.url, { email: "b@iso.test", password: "secret-1", name: "Bongani B" });
  expect(
    (await postForm("/portal/projects", { intent: "create", title: A_TEXT[0] as string }, a))
      .status,
  ).toBeLessThan(400);
  expect(
    (
      await postForm(
        "/portal/messages",
        { intent: "send", subject: A_TEXT[1] as string, content: "x" },
        a,
      )
    ).status,
  ).toBeLessThan(400);
  expect(
    (await postForm("/portal/projects", { intent: "create", title: "B's project" }, b)).status,
  ).toBeLessThan(400);
  const seenByA =
    (await (await get("/portal/projects.data", a)).text()) +
    (await (await get("/portal/messages.data", a)).text());
  const seenByB =
    (await (await get("/portal/projects.data", b)).text()) +
    (await (await get("/portal/messages.data", b)).text());
  const bIds = new Set(seenByB.match(UUID) ?? []);
  aIds = [...new Set(seenByA.match(UUID) ?? [])].filter((id) => !bIds.has(id));
  // A's client, project, message and A's own user id at least.
  expect(aIds.length).toBeGreaterThanOrEqual(3);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  if (dbName && baseUrl) {
    await dropScratchDatabase(baseUrl, dbName);
  }
});

function expectNothingOfA(body: string) {
  for (const secret of [...A_TEXT, ...aIds]) expect(body).not.toContain(secret);
}

describe("client isolation through the build", () => {
  it("`.data` requests naming A's ids show B nothing of A", async () => {
    // A message named by id that the person may not see is a 404 (shared work, decision 023).
    const paths = aIds.flatMap((id): [string, number][] => [
      [`/portal/projects.data?id=${id}&client=${id}`, 200],
      [`/portal/messages.data?id=${id}`, 404],
      [`/portal/messages.data?client=${id}&_routes=routes/portal/messages`, 200],
      [`/portal.data?client=${id}`, 200],
      [`/portal/projects.data?cursor=2999-01-01T00:00:00.000Z_${id}`, 200],
      [`/portal/projects/${id}.data`, 404],
      [`/portal/reports/${id}/pdf`, 404],
    ]);
    for (const [path, status] of paths) {
      const res = await get(path, b);
      expect(res.status, path).toBe(status);
      expectNothingOfA(await res.text());
    }
    // A forged view-as cookie changes nothing for a contact.
    const forged = await get("/portal/projects.data", `${b}; view_as=${aIds[0]}`);
    expectNothingOfA(await forged.text());
  });

  it("writes on A's ids through `.data` and form posts are refused (4xx) and change nothing", async () => {
    const before = await (await get("/portal/projects.data", a)).text();
    for (const id of aIds) {
      for (const [path, fields] of [
        ["/portal/projects.data", { intent: "delete", id }],
        ["/portal/projects", { intent: "update", id, title: "Taken over" }],
        ["/portal/messages.data", { intent: "open", id }],
        ["/portal/view-as", { intent: "start", clientId: id }],
      ] as const) {
        const res = await postForm(path, fields, b);
        expect(res.status, `${path} ${fields.intent}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${fields.intent}`).toBeLessThan(500);
        expectNothingOfA(await res.text());
      }
    }
    expect(await (await get("/portal/projects.data", a)).text()).toBe(before);
  });

  it("B's event stream carries none of A's changes", async () => {
    const abort = new AbortController();
    const res = await fetch(`${app.url}/api/events`, {
      headers: { cookie: b },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        text += decoder.decode(value, { stream: true });
      }
    };
    try {
      await readUntil(/event: ready/);
      await postForm("/portal/projects", { intent: "create", title: "A's streamed" }, a);
      await postForm("/portal/messages", { intent: "send", subject: "A's", content: "x" }, a);
      // B's own change comes after A's: once it has arrived, A's would have too.
      await postForm("/portal/projects", { intent: "create", title: "B's marker" }, b);
      await readUntil(/event: change/);
      expect(text.match(/event: change/g)).toHaveLength(1);
      expectNothingOfA(text);
    } finally {
      abort.abort();
      await reader.cancel().catch(() => {});
    }
  });
});
