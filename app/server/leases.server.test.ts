/**
 * Issue 29, point 11: a lease (a job's, an upload's) is set and compared with the database's
 * clock, so an instance whose own clock runs ahead cannot take a job another instance is still
 * running, nor remove an upload that is still arriving.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as projectsAction } from "~/routes/portal/projects";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { fileVersions, projects } from "./db/schema.server";
import { testDatabaseKind } from "./db/test-db.server";
import { fileJobs, storeFile } from "./deliverables/files.server";
import { claimJob } from "./jobs.server";

const MINUTE = 60_000;
let h: Harness;
let alice: SignedUp;
let projectId = "";

beforeAll(async () => {
  h = await createHarness();
  alice = await signUp("alice@leases.test");
  await run(
    projectsAction,
    formRequest(
      "/portal/projects",
      { intent: "create", title: "Leases" },
      { cookie: alice.cookie },
    ),
  );
  const [row] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.clientId, alice.clientId));
  projectId = row?.id ?? "";
});
afterAll(async () => {
  await h?.close();
});

describe(`leases on the database's clock (${testDatabaseKind()})`, () => {
  it("a job's lease holds against an instance whose clock is 15 minutes ahead", async () => {
    const now = new Date();
    expect(await claimJob(h.handle.db, "lease-clock", now, "instance-a")).toBe(true);
    const ahead = new Date(now.getTime() + 15 * MINUTE);
    expect(await claimJob(h.handle.db, "lease-clock", ahead, "instance-b")).toBe(false);
  });

  it("an upload still arriving is not removed by an instance whose clock runs ahead", async () => {
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const reader = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
      },
    }).getReader();
    const pieces = (async function* () {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    })();
    const storing = storeFile(
      h.handle.db,
      { id: projectId, clientId: alice.clientId },
      { id: alice.id, side: "client" },
      "Arriving.txt",
      pieces,
      1024 * 1024,
    );
    feed.enqueue(new TextEncoder().encode("The first part of a note.\n".repeat(400)));
    await vi.waitUntil(
      async () =>
        (await h.handle.db.select().from(fileVersions).where(eq(fileVersions.state, "pending")))
          .length === 1,
      { timeout: 10_000 },
    );
    const [cleanup] = fileJobs;
    const removed = await cleanup?.run(h.handle.db, new Date(Date.now() + 10 * MINUTE));
    expect(removed).toEqual({ removed: 0 });
    feed.enqueue(new TextEncoder().encode("And the rest.\n"));
    feed.close();
    const outcome = await storing;
    expect(outcome.ok).toBe(true);
  });
});
