/**
 * Self-registered accounts (issue 30, point 2): a person's own sign-up makes a client marked
 * 'Self-registered' in Clients; an administrator moves its contact into an existing client, and
 * the client the sign-up made goes when nothing else hangs off it. Runs on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { loader as clientsLoader } from "~/routes/portal/clients";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { clients, profiles } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { addClient, ONLY_SELF_REGISTERED } from "./clients.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let acmeId: string;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "self-admin@example.co.za" });
  admin = await signUpAdmin("self-admin@example.co.za");
  alice = await signUp("self-alice@example.co.za", { fullName: "Alice Mokoena" });
  const acme = await addClient(h.handle.db, admin.id, "Acme Ltd");
  if (!acme.ok) throw new Error(acme.message);
  acmeId = acme.client.id;
});
afterAll(() => h.close());

const move = (from: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(
    clientAction,
    formRequest(`/portal/clients/${from}`, { intent: "move-contact", ...fields }, { cookie }),
    { id: from },
  );

describe(`self-registered accounts (${testDatabaseKind()})`, () => {
  it("are marked in Clients and on the client's page; the agency's clients are not", async () => {
    const list = await (
      await run(clientsLoader, getRequest("/portal/clients", admin.cookie))
    ).json();
    const row = (id: string) => list.clients.find((c: { id: string }) => c.id === id);
    expect(row(alice.clientId)).toMatchObject({ selfRegistered: true });
    expect(row(acmeId)).toMatchObject({ selfRegistered: false });
    const page = await (
      await run(clientLoader, getRequest(`/portal/clients/${alice.clientId}`, admin.cookie), {
        id: alice.clientId,
      })
    ).json();
    expect(page.client.selfRegistered).toBe(true);
    expect(page.moveTo.map((c: { id: string }) => c.id)).toEqual([acmeId]);
  });

  it("an administrator moves the contact into an existing client; nobody else can", async () => {
    expect(
      (await move(alice.clientId, { userId: alice.id, clientId: acmeId }, alice.cookie)).status,
    ).toBe(403);
    expect(
      (await move(alice.clientId, { userId: alice.id, clientId: alice.clientId })).status,
    ).toBe(400);
    // An agency client's contact is invited elsewhere, not moved.
    const fromAcme = await move(acmeId, { userId: alice.id, clientId: alice.clientId });
    expect(fromAcme.status).toBe(409);
    expect(await fromAcme.json()).toMatchObject({ error: ONLY_SELF_REGISTERED });

    const res = await move(alice.clientId, { userId: alice.id, clientId: acmeId });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/portal/clients/${acmeId}`);
    const [profile] = await h.handle.db.select().from(profiles).where(eq(profiles.id, alice.id));
    expect(profile?.clientId).toBe(acmeId);
    // The client the sign-up made had nothing else: it is gone.
    expect(await h.handle.db.select().from(clients).where(eq(clients.id, alice.clientId))).toEqual(
      [],
    );
  });
});
