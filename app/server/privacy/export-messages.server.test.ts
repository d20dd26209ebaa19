/**
 * Issue 29, point 3: 'Download my data' holds the messages the person wrote (in any client they
 * belonged to, and an administrator's too), and what was addressed to them or shared with them
 * while they belonged to a client, each labelled: sent, received (the team's messages to their
 * client) or shared (another contact's message to the team, which they saw in the portal).
 * Nothing of a client from before they joined or after they left, nor of another client.
 */
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as invitationAction } from "~/routes/auth/invitation";
import { action as clientAction } from "~/routes/portal/client";
import { action as messagesAction } from "~/routes/portal/messages";
import { loader as myDataLoader } from "~/routes/portal/my-data";
import { type SignedUp, signUp } from "~/test/accounts.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { invitationLink, signUpAdmin } from "~/test/workspace.server";
import { testDatabaseKind } from "../db/test-db.server";
import { collectPersonalData, type PersonalData, personalDataZip } from "./privacy-export.server";

let h: Harness;
let admin: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "team@export.test" });
  admin = await signUpAdmin("team@export.test", "Team Member");
});
afterAll(async () => {
  await h?.close();
});

async function send(cookie: string, subject: string, clientId?: string) {
  const res = await run(
    messagesAction,
    formRequest(
      "/portal/messages",
      {
        intent: "send",
        subject,
        content: `Content of ${subject}`,
        ...(clientId ? { clientId } : {}),
      },
      { cookie },
    ),
  );
  expect(res.status, subject).toBe(200);
}

async function invite(clientId: string, email: string, name: string) {
  const res = await run(
    clientAction,
    formRequest(
      `/portal/clients/${clientId}`,
      { intent: "invite", name, email },
      {
        cookie: admin.cookie,
      },
    ),
    { id: clientId },
  );
  expect(res.status).toBe(200);
  return (await invitationLink(email)).token;
}

async function messagesOf(cookie: string) {
  const res = await run(myDataLoader, getRequest("/portal/settings/my-data", cookie));
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const json = JSON.parse(strFromU8(files["data.json"] as Uint8Array));
  return {
    rows: (json.messages as { subject: string; direction: string }[])
      .map((m) => `${m.direction}: ${m.subject}`)
      .sort(),
    csv: strFromU8(files["messages.csv"] as Uint8Array),
  };
}

describe(`messages in 'Download my data' (${testDatabaseKind()})`, () => {
  it("labels each message, and keeps to the time the person belonged to the client", async () => {
    const owner = await signUp("owner@export.test", { fullName: "Owner Contact" });
    const other = await signUp("stranger@export.test", { fullName: "Other Client" });
    const mover = await signUp("mover@export.test", { fullName: "Moving Contact" });

    await send(admin.cookie, "Before anyone joined", owner.clientId);
    await send(mover.cookie, "Written in the old client");
    await send(admin.cookie, "To the old client", mover.clientId);

    // A second contact joins the owner's client by invitation (a new account)…
    const token = await invite(owner.clientId, "joiner@export.test", "Joining Contact");
    const joined = await run(
      invitationAction,
      formRequest(
        `/invitation/${token}`,
        { intent: "create", fullName: "Joining Contact", password: "secret-44" },
        { ip: nextIp() },
      ),
      { token },
    );
    expect(joined.status).toBe(302);
    const joiner = cookiesFrom(joined);
    // …and an existing contact moves there from a client of their own.
    const moveToken = await invite(owner.clientId, "mover@export.test", "Moving Contact");
    const moved = await run(
      invitationAction,
      formRequest(`/invitation/${moveToken}`, { intent: "accept" }, { cookie: mover.cookie }),
      { token: moveToken },
    );
    expect(moved.status).toBe(302);

    await send(admin.cookie, "Team to the client", owner.clientId);
    await send(owner.cookie, "Owner to the team");
    await send(joiner, "Joiner to the team");
    await send(other.cookie, "Another client's secret");
    await send(admin.cookie, "Team to another client", other.clientId);

    expect((await messagesOf(joiner)).rows).toEqual([
      "received: Team to the client",
      "sent: Joiner to the team",
      "shared: Owner to the team",
    ]);
    expect((await messagesOf(mover.cookie)).rows).toEqual([
      "received: Team to the client",
      "received: To the old client",
      "sent: Written in the old client",
      "shared: Joiner to the team",
      "shared: Owner to the team",
    ]);
    expect((await messagesOf(owner.cookie)).rows).toEqual([
      "received: Before anyone joined",
      "received: Team to the client",
      "sent: Owner to the team",
      "shared: Joiner to the team",
    ]);
    // The administrator's own messages, as sent; not the clients' correspondence.
    const staff = await messagesOf(admin.cookie);
    expect(staff.rows).toEqual([
      "sent: Before anyone joined",
      "sent: Team to another client",
      "sent: Team to the client",
      "sent: To the old client",
    ]);
    expect(staff.csv).not.toContain("Another client's secret");
  });
});

describe("the export's README", () => {
  it("links to BASE_URL, read at run time, never the build's default address", async () => {
    const person = await signUp("readme@export.test");
    const data = await collectPersonalData(h.handle.db, person.id, new Date());
    const files = unzipSync(
      personalDataZip(data as PersonalData, { baseUrl: "https://kopano.example.test" }),
    );
    const readme = strFromU8(files["README.txt"] as Uint8Array);
    expect(readme).toContain("https://kopano.example.test/legal/privacy");
    expect(readme).not.toContain("localhost");
  });
});
