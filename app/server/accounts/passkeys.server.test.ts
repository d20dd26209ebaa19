/**
 * Passkeys in Settings: each user lists and removes only their own; registration options name
 * the site's host as the relying party. (Creating and using a passkey is WebAuthn in the
 * browser: tests/e2e/account.spec.ts does it with Chromium's virtual authenticator.)
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_NEEDS_JS } from "~/lib/validation/account";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { passkey } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
const people: Record<"alice" | "bob", { id: string; cookie: string }> = {} as never;

const person = (email: string) => signUp(email, { fullName: email });

async function addRow(userId: string, id: string, name: string) {
  await h.handle.db.insert(passkey).values({
    id,
    name,
    userId,
    publicKey: "pk",
    credentialID: `cred-${id}`,
    counter: 0,
    deviceType: "multiDevice",
    backedUp: true,
    // Google Password Manager's AAGUID.
    aaguid: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4",
  });
}

const settings = (cookie: string, fields: Record<string, string>) =>
  run(settingsAction, formRequest("/portal/settings", fields, { cookie }));

beforeAll(async () => {
  h = await createHarness();
  people.alice = await person("alice@example.co.za");
  people.bob = await person("bob@example.co.za");
  await addRow(people.alice.id, "alice-laptop", "Work laptop");
  await addRow(people.bob.id, "bob-phone", "Bob's phone");
});
afterAll(async () => {
  await h.close();
});

describe(`passkeys on ${testDatabaseKind()}`, () => {
  it("lists only the user's own passkeys", async () => {
    const res = await run(settingsLoader, getRequest("/portal/settings", people.alice.cookie));
    const { passkeys } = await res.json();
    expect(passkeys).toHaveLength(1);
    expect(passkeys[0]).toMatchObject({
      id: "alice-laptop",
      name: "Work laptop",
      provider: "Google Password Manager",
      synced: true,
    });
    expect(JSON.stringify(passkeys)).not.toMatch(/publicKey|credential/i);
  });

  it("renames only the user's own passkey, with the name rules of adding one", async () => {
    const other = await settings(people.alice.cookie, {
      intent: "rename-passkey",
      passkeyId: "bob-phone",
      name: "Mine now",
    });
    expect(other.status).toBe(404);
    expect((await other.json()).error).toBe("Passkey not found");
    const [bobs] = await h.handle.db.select().from(passkey).where(eq(passkey.id, "bob-phone"));
    expect(bobs?.name).toBe("Bob's phone");

    for (const [name, error] of [
      ["   ", "Give the passkey a name"],
      ["x".repeat(51), "The name must be less than 50 characters"],
    ]) {
      const bad = await settings(people.alice.cookie, {
        intent: "rename-passkey",
        passkeyId: "alice-laptop",
        name: name as string,
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe(error);
    }
    const missingId = await settings(people.alice.cookie, { intent: "rename-passkey", name: "A" });
    expect(missingId.status).toBe(400);

    const own = await settings(people.alice.cookie, {
      intent: "rename-passkey",
      passkeyId: "alice-laptop",
      name: "  Home desktop ",
    });
    expect(await own.json()).toEqual({
      intent: "rename-passkey",
      ok: true,
      success: "Passkey renamed",
    });
    const res = await run(settingsLoader, getRequest("/portal/settings", people.alice.cookie));
    expect((await res.json()).passkeys[0].name).toBe("Home desktop");
  });

  it("refuses to remove another user's passkey; removes the user's own", async () => {
    const other = await settings(people.alice.cookie, {
      intent: "delete-passkey",
      passkeyId: "bob-phone",
    });
    expect(other.status).toBe(404);
    expect(
      await h.handle.db.select().from(passkey).where(eq(passkey.id, "bob-phone")),
    ).toHaveLength(1);
    const own = await settings(people.alice.cookie, {
      intent: "delete-passkey",
      passkeyId: "alice-laptop",
    });
    expect(await own.json()).toEqual({
      intent: "delete-passkey",
      ok: true,
      success: "Passkey removed",
    });
    expect(
      await h.handle.db.select().from(passkey).where(eq(passkey.userId, people.alice.id)),
    ).toEqual([]);
  });

  it("explains that adding one needs JavaScript when the form is posted without it", async () => {
    const res = await settings(people.alice.cookie, { intent: "add-passkey", name: "Laptop" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(PASSKEY_NEEDS_JS);
  });

  it("registers passkeys for the BASE_URL host only, and only for a signed-in user", async () => {
    const options = await h.auth.handler(
      new Request(`${BASE_URL}/api/auth/passkey/generate-register-options`, {
        headers: { cookie: people.bob.cookie, origin: BASE_URL, "x-client-ip": nextIp() },
      }),
    );
    expect(options.status).toBe(200);
    const body = await options.json();
    expect(body.rp).toEqual({ id: "localhost", name: "Kopano AI" });
    expect(body.user.name).toBe("bob@example.co.za");

    const anonymous = await h.auth.handler(
      new Request(`${BASE_URL}/api/auth/passkey/generate-register-options`, {
        headers: { origin: BASE_URL, "x-client-ip": nextIp() },
      }),
    );
    expect(anonymous.status).toBe(401);
  });
});
