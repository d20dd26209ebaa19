/**
 * Issue 29, points 8 and 10: an event stream ends the moment its person's client or role
 * changes (on PostgreSQL through the event bus, as another instance would hear it), so it never
 * carries a former client's events; and one session opens at most MAX_STREAMS_PER_SESSION
 * streams at once (more: 429).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as eventsLoader } from "~/routes/api/events";
import { action as invitationAction } from "~/routes/auth/invitation";
import { action as clientAction } from "~/routes/portal/client";
import { action as projectsAction } from "~/routes/portal/projects";
import { action as teamAction } from "~/routes/portal/team";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { BASE_URL, createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { invitationLink, signUpAdmin } from "~/test/workspace.server";
import { testDatabaseKind } from "../db/test-db.server";
import {
  MAX_STREAMS_PER_SESSION,
  markShuttingDown,
  startEventBus,
  stopEventBus,
} from "./events.server";

let h: Harness;
let admin: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "first@stream.test,second@stream.test" });
  // On PostgreSQL every event goes through LISTEN/NOTIFY, as between two instances.
  await startEventBus(h.handle);
  admin = await signUpAdmin("first@stream.test");
});
afterAll(async () => {
  await stopEventBus();
  await h?.close();
});

interface Seen {
  event: string;
  data: unknown;
}

/** Open /api/events as this person. */
async function open(cookie: string) {
  const abort = new AbortController();
  const res = await eventsLoader({
    request: new Request(new URL("/api/events", BASE_URL), {
      headers: { cookie },
      signal: abort.signal,
    }),
    params: {},
    context: {},
  } as never);
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: Seen[] = [];
  let ended = false;
  /** Read until `until` matches an event or the stream ends. */
  async function readUntil(until: (e: Seen) => boolean) {
    while (!ended && !events.some(until)) {
      const next = await reader?.read();
      if (!next || next.done) {
        ended = true;
        break;
      }
      buffer += decoder.decode(next.value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        end = buffer.indexOf("\n\n");
      }
    }
    return { events, ended };
  }
  return {
    status: res.status,
    readUntil,
    close() {
      abort.abort();
      void reader?.cancel().catch(() => {});
    },
  };
}

const createProject = (cookie: string, title: string) =>
  run(projectsAction, formRequest("/portal/projects", { intent: "create", title }, { cookie }));

/** The mover (mover@stream.test) is invited to this client and accepts, signed in. */
async function joinByInvitation(clientId: string, cookie: string) {
  const invited = await run(
    clientAction,
    formRequest(
      `/portal/clients/${clientId}`,
      { intent: "invite", name: "Mover", email: "mover@stream.test" },
      { cookie: admin.cookie },
    ),
    { id: clientId },
  );
  expect(invited.status).toBe(200);
  const { token } = await invitationLink("mover@stream.test");
  const accepted = await run(
    invitationAction,
    formRequest(`/invitation/${token}`, { intent: "accept" }, { cookie }),
    { token },
  );
  expect(accepted.status).toBe(302);
}

const changeBy = (userId: string) => (e: Seen) =>
  e.event === "change" && (e.data as { by: { userId: string } }).by.userId === userId;

describe(`event streams follow membership and role at once (${testDatabaseKind()})`, () => {
  it("ends a contact's stream when they move to another client", async () => {
    const oldClient = await signUp("old-owner@stream.test");
    const newClient = await signUp("new-owner@stream.test");
    const mover = await signUp("mover@stream.test");
    // The mover is a contact of the old client, by invitation.
    await joinByInvitation(oldClient.clientId, mover.cookie);
    const stream = await open(mover.cookie);
    expect(stream.status).toBe(200);
    try {
      await stream.readUntil((e) => e.event === "ready");
      await createProject(oldClient.cookie, "Seen while a contact");
      await stream.readUntil(changeBy(oldClient.id));

      // Invited to the new client, the mover accepts and leaves the old one.
      await joinByInvitation(newClient.clientId, mover.cookie);
      // The team writes in the former client, then the new client's owner in theirs.
      const secret = await run(
        projectsAction,
        formRequest(
          "/portal/projects",
          { intent: "create", title: "The former client's secret", clientId: oldClient.clientId },
          { cookie: admin.cookie },
        ),
      );
      expect(secret.status).toBe(200);
      await createProject(newClient.cookie, "The new client's news");
      const kindOf = (e: Seen) => (e.data as { kind?: string } | null)?.kind;
      const { events, ended } = await stream.readUntil(
        (e) =>
          (changeBy(admin.id)(e) && kindOf(e) !== "notifications") || changeBy(newClient.id)(e),
      );
      // The only word from the team is the mover's own invitation (a notification for them
      // alone, issue 31); nothing of the former client's work reaches them.
      expect(events.filter(changeBy(admin.id)).map(kindOf)).toEqual(["notifications"]);
      expect(ended).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("ends an administrator's stream when the role is removed", async () => {
    const second = await signUpAdmin("second@stream.test", "Second Admin");
    const customer = await signUp("customer@stream.test");
    const stream = await open(second.cookie);
    try {
      await stream.readUntil((e) => e.event === "ready");
      const removed = await run(
        teamAction,
        formRequest(
          "/portal/team",
          { intent: "remove-admin", userId: second.id },
          {
            cookie: admin.cookie,
          },
        ),
      );
      expect(removed.status).toBe(200);
      await createProject(customer.cookie, "Not for a former administrator");
      const { events, ended } = await stream.readUntil(changeBy(customer.id));
      expect(ended).toBe(true);
      expect(events.filter(changeBy(customer.id))).toEqual([]);
    } finally {
      stream.close();
    }
  });
});

describe(`event streams per session (${testDatabaseKind()})`, () => {
  it(`opens at most ${MAX_STREAMS_PER_SESSION} at once; closing one frees its place`, async () => {
    const person = await signUp("many-tabs@stream.test");
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
        const s = await open(person.cookie);
        expect(s.status).toBe(200);
        streams.push(s);
      }
      const over = await open(person.cookie);
      expect(over.status).toBe(429);
      streams[0]?.close();
      await streams[0]?.readUntil(() => false);
      const again = await open(person.cookie);
      expect(again.status).toBe(200);
      streams.push(again);
      // Another person's session has its own places.
      const other = await signUp("other-tabs@stream.test");
      const elsewhere = await open(other.cookie);
      expect(elsewhere.status).toBe(200);
      streams.push(elsewhere);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe(`event streams while the server shuts down (${testDatabaseKind()})`, () => {
  it("refuses a new stream with 503 instead of saying 'ready' (decision 148)", async () => {
    const person = await signUp("restart-tab@stream.test");
    markShuttingDown();
    try {
      const refused = await open(person.cookie);
      expect(refused.status).toBe(503);
    } finally {
      markShuttingDown(false);
    }
    const s = await open(person.cookie);
    try {
      expect(s.status).toBe(200);
    } finally {
      s.close();
    }
  });
});
