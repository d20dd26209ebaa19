/**
 * A message's attachments (issue 37, point 3; decision 087): a new message and a reply carry
 * files, stored like a project's (chunks, limits, type checks); shown in the thread; listed with
 * the project's files when the conversation names a project; downloaded (Range too) only by
 * those who may read the conversation (404 otherwise); a refused file stores nothing, neither
 * the message nor a file, and the typed text comes back; 'Download my data' lists them.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as attachmentLoader } from "~/routes/portal/message-file";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { loader as projectLoader } from "~/routes/portal/project";
import { loader as projectFileLoader } from "~/routes/portal/project-file";
import { action as projectsAction } from "~/routes/portal/projects";
import { type SignedUp, signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { fileVersions, messages, projects } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { FILE_CHUNK_BYTES } from "../deliverables/files.server";
import { collectPersonalData } from "../privacy/privacy-export.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp; // a contact of client A
let bob: SignedUp; // a contact of client B

const BOUNDARY = "----attachments-test";
const pdf = (size: number, fill = 7) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + fill) % 251;
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
};

function multipart(fields: Record<string, string>, files: { name: string; content: Uint8Array }[]) {
  const parts: Uint8Array[] = [];
  const text = (s: string) => parts.push(new TextEncoder().encode(s));
  for (const [name, value] of Object.entries(fields)) {
    text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const file of files) {
    text(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    parts.push(file.content);
    text("\r\n");
  }
  text(`--${BOUNDARY}--\r\n`);
  return Buffer.concat(parts);
}

async function post(
  who: SignedUp,
  fields: Record<string, string>,
  files: { name: string; content: Uint8Array }[],
) {
  const request = new Request(new URL("/portal/messages", BASE_URL), {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      origin: BASE_URL,
      cookie: who.cookie,
    },
    body: multipart(fields, files),
    duplex: "half",
  } as RequestInit);
  const res = await run(messagesAction, request);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface ThreadBody {
  selected: {
    id: string;
    messages: {
      id: string;
      content: string;
      attachments: { id: string; name: string; size: number }[];
    }[];
  } | null;
}
async function thread(who: SignedUp, id: string) {
  const res = await run(messagesLoader, getRequest(`/portal/messages?id=${id}`, who.cookie));
  return (await res.json()) as ThreadBody;
}

const download = (who: SignedUp, versionId: string, headers: Record<string, string> = {}) => {
  const request = getRequest(`/portal/messages/files/${versionId}`, who.cookie);
  const all = new Headers(request.headers);
  for (const [k, v] of Object.entries(headers)) all.set(k, v);
  return run(attachmentLoader, new Request(request.url, { headers: all }), { versionId });
};

const counts = async () => {
  const [m] = await h.handle.db.select({ n: count() }).from(messages);
  const [f] = await h.handle.db.select({ n: count() }).from(fileVersions);
  return { messages: m?.n ?? 0, files: f?.n ?? 0 };
};

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "attach-admin@example.co.za", MAX_UPLOAD_MB: "1" });
  admin = await signUpAdmin("attach-admin@example.co.za");
  alice = await signUp("attach-alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("attach-bob@example.co.za", { fullName: "Bob Dlamini" });
});
afterAll(() => h.close());

describe(`a message's attachments on ${testDatabaseKind()}`, () => {
  let threadId = "";
  let versionId = "";
  const brief = pdf(FILE_CHUNK_BYTES + 5000);

  it("a new message and a reply carry files, shown in the thread with name and size", async () => {
    const sent = await post(
      alice,
      { intent: "send", subject: "Our brief", content: "The brief is attached." },
      [{ name: "Brief.pdf", content: brief }],
    );
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const [first] = await h.handle.db
      .select({ id: messages.threadId })
      .from(messages)
      .where(eq(messages.clientId, alice.clientId));
    threadId = first?.id ?? "";
    const reply = await post(
      admin,
      { intent: "reply", id: threadId, content: "Thanks, two more." },
      [
        { name: "Notes.txt", content: new TextEncoder().encode("Plain notes\n") },
        { name: "Plan.pdf", content: pdf(300) },
      ],
    );
    expect(reply).toMatchObject({ status: 200, body: { ok: true, intent: "reply" } });

    const { selected } = await thread(alice, threadId);
    expect(selected?.messages.map((m) => m.attachments.map((a) => [a.name, a.size]))).toEqual([
      [["Brief.pdf", brief.length]],
      [
        ["Notes.txt", 12],
        ["Plan.pdf", 300],
      ],
    ]);
    versionId = selected?.messages[0]?.attachments[0]?.id ?? "";
  });

  it("is downloaded whole or by range by those who read the conversation; 404 for anyone else", async () => {
    for (const who of [alice, admin]) {
      const res = await download(who, versionId);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toContain('filename="Brief.pdf"');
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(brief))).toBe(true);
    }
    const start = FILE_CHUNK_BYTES - 10;
    const part = await download(alice, versionId, { Range: `bytes=${start}-${start + 99}` });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${start}-${start + 99}/${brief.length}`);
    expect(
      Buffer.from(await part.arrayBuffer()).equals(Buffer.from(brief.subarray(start, start + 100))),
    ).toBe(true);
    // Another client's contact, a malformed id, an unknown one: not found.
    expect((await download(bob, versionId)).status).toBe(404);
    expect((await download(alice, "not-a-uuid")).status).toBe(404);
    expect((await download(alice, crypto.randomUUID())).status).toBe(404);
    // And a project's download does not hand it out either (it belongs to no project).
    const [own] = await h.handle.db.select({ id: projects.id }).from(projects).limit(1);
    if (own) {
      const res = await run(
        projectFileLoader,
        getRequest(`/portal/projects/${own.id}/files/${versionId}`, alice.cookie),
        { id: own.id, versionId },
      );
      expect(res.status).toBe(404);
    }
  });

  it("is listed with the project's files when the conversation names a project", async () => {
    const made = await run(
      projectsAction,
      formRequest(
        "/portal/projects",
        { intent: "create", title: "Website", status: "active" },
        { cookie: alice.cookie },
      ),
    );
    expect(made.status).toBe(200);
    const [project] = await h.handle.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.clientId, alice.clientId));
    const projectId = project?.id ?? "";
    const sent = await post(
      alice,
      { intent: "send", subject: "Logo", content: "Our logo.", projectId },
      [{ name: "Logo.pdf", content: pdf(2000) }],
    );
    expect(sent.status).toBe(200);
    const [logoThread] = await h.handle.db
      .select({ id: messages.threadId })
      .from(messages)
      .where(eq(messages.subject, "Logo"));
    // A reply in that conversation goes to the project too, as the next version of its side's file.
    await post(alice, { intent: "reply", id: logoThread?.id ?? "", content: "A better one." }, [
      { name: "logo.pdf", content: pdf(2100) },
    ]);
    const res = await run(
      projectLoader,
      getRequest(`/portal/projects/${projectId}`, admin.cookie),
      {
        id: projectId,
      },
    );
    const page = (await res.json()) as {
      files: { name: string; side: string; versions: { number: number; size: number }[] }[];
    };
    expect(page.files.map((f) => [f.name, f.side, f.versions.map((v) => v.size)])).toEqual([
      ["logo.pdf", "client", [2100, 2000]],
    ]);
    const { selected } = await thread(admin, logoThread?.id ?? "");
    const logo = selected?.messages[1]?.attachments[0];
    expect(logo?.name).toBe("logo.pdf");
    expect((await download(alice, logo?.id ?? "")).status).toBe(200);
    expect((await download(bob, logo?.id ?? "")).status).toBe(404);
  });

  it("refuses a file too large or of a refused type: nothing stored, the typed text kept", async () => {
    const before = await counts();
    const big = await post(
      alice,
      { intent: "reply", id: threadId, content: "Here is the video." },
      [
        { name: "Small.pdf", content: pdf(100) },
        { name: "Huge.pdf", content: pdf(1024 * 1024 + 1) },
      ],
    );
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({
      ok: false,
      error: '"Huge.pdf" is larger than 1 MB.',
      values: { content: "Here is the video." },
    });
    const exe = await post(alice, { intent: "send", subject: "Tool", content: "Run this." }, [
      { name: "tool.exe", content: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) },
    ]);
    expect(exe.status).toBe(415);
    expect(exe.body).toMatchObject({
      ok: false,
      values: { subject: "Tool", content: "Run this." },
    });
    // A reply to someone else's conversation: 404, its file not kept.
    const foreign = await post(bob, { intent: "reply", id: threadId, content: "Hi" }, [
      { name: "x.pdf", content: pdf(100) },
    ]);
    expect(foreign.status).toBe(404);
    // A valid file with an empty message: the message's rule, nothing kept.
    const empty = await post(alice, { intent: "reply", id: threadId, content: "" }, [
      { name: "y.pdf", content: pdf(100) },
    ]);
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("is in 'Download my data' with its message", async () => {
    const data = await collectPersonalData(h.handle.db, alice.id, new Date());
    const sent = data?.messages.find((m) => m.subject === "Our brief");
    expect(sent?.attachments).toBe(`Brief.pdf (${brief.length} bytes)`);
    expect(data?.files.map((f) => f.name)).toContain("Brief.pdf");
  });
});
