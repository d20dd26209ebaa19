/**
 * A message's attachments uploaded before it is sent, resumable (decision 133, tus 1.0.0 as a
 * project's files, decision 092): created at /portal/messages/uploads, sent in pieces, resumed
 * at the offset the server gives; nothing is stored until a message names the finished upload,
 * then it is the message's attachment, downloaded whole and by range. The same checks as a
 * posted attachment: the size cap, the type check, only its uploader (another person's upload
 * is not found), pending until complete (a message naming an unfinished upload is refused and
 * stores nothing), and a message refused for its own rules keeps the upload to send again.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { connect } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveFileTransfer } from "~/routes/portal/file-transfers.server";
import { loader as attachmentLoader } from "~/routes/portal/message-file";
import { action as uploadAction, loader as uploadLoader } from "~/routes/portal/message-upload";
import { action as createAction } from "~/routes/portal/message-uploads";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
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
import { fileVersions, messages } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp; // a contact of client A
let bob: SignedUp; // a contact of client B

const pdf = (size: number, fill = 7) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + fill) % 251;
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
};
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const b64 = (text: string) => Buffer.from(text).toString("base64");
const idOf = (location: string) => location.split("/").at(-1) as string;

function tusRequest(
  method: string,
  pathname: string,
  who: SignedUp,
  headers: Record<string, string> = {},
  body?: Uint8Array,
) {
  return new Request(new URL(pathname, BASE_URL), {
    method,
    headers: { "Tus-Resumable": "1.0.0", origin: BASE_URL, cookie: who.cookie, ...headers },
    body: body as BodyInit | undefined,
  });
}

async function create(who: SignedUp, name: string, length: number) {
  const res = await run(
    createAction,
    tusRequest("POST", "/portal/messages/uploads", who, {
      "Upload-Length": String(length),
      "Upload-Metadata": `filename ${b64(name)}`,
    }),
  );
  return { res, location: res.headers.get("Location") ?? "" };
}

const patch = (who: SignedUp, location: string, offset: number, bytes: Uint8Array) =>
  run(
    uploadAction,
    tusRequest(
      "PATCH",
      location,
      who,
      { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      bytes,
    ),
    { uploadId: idOf(location) },
  );

const head = (who: SignedUp, location: string) =>
  run(uploadLoader, tusRequest("HEAD", location, who), { uploadId: idOf(location) });

/** An upload sent whole, in two pieces. */
async function uploaded(who: SignedUp, name: string, bytes: Uint8Array) {
  const { res, location } = await create(who, name, bytes.length);
  expect(res.status).toBe(201);
  const half = Math.floor(bytes.length / 2);
  expect((await patch(who, location, 0, bytes.subarray(0, half))).status).toBe(204);
  expect((await patch(who, location, half, bytes.subarray(half))).status).toBe(204);
  return location;
}

async function send(who: SignedUp, fields: Record<string, string>) {
  const res = await run(messagesAction, formRequest("/portal/messages", fields, who));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const counts = async () => {
  const [m] = await h.handle.db.select({ n: count() }).from(messages);
  const [f] = await h.handle.db.select({ n: count() }).from(fileVersions);
  return { messages: m?.n ?? 0, files: f?.n ?? 0 };
};

async function attachmentsOf(who: SignedUp, subject: string) {
  const [row] = await h.handle.db
    .select({ threadId: messages.threadId })
    .from(messages)
    .where(eq(messages.subject, subject));
  const res = await run(
    messagesLoader,
    getRequest(`/portal/messages?id=${row?.threadId}`, who.cookie),
  );
  const body = (await res.json()) as {
    selected: { messages: { attachments: { id: string; name: string; size: number }[] }[] };
  };
  return { threadId: row?.threadId ?? "", messages: body.selected.messages };
}

const download = (who: SignedUp, versionId: string, headers: Record<string, string> = {}) => {
  const request = getRequest(`/portal/messages/files/${versionId}`, who.cookie);
  const all = new Headers(request.headers);
  for (const [k, v] of Object.entries(headers)) all.set(k, v);
  return run(attachmentLoader, new Request(request.url, { headers: all }), { versionId });
};

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "upload-admin@example.co.za", MAX_UPLOAD_MB: "1" });
  admin = await signUpAdmin("upload-admin@example.co.za");
  alice = await signUp("upload-alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("upload-bob@example.co.za", { fullName: "Bob Dlamini" });
});
afterAll(() => h.close());

describe(`a message's attachments uploaded resumably on ${testDatabaseKind()}`, () => {
  const brief = pdf(600_000);

  it("resumes at the server's offset, stores nothing until a message names it, then attaches it", async () => {
    const before = await counts();
    const { res, location } = await create(alice, "Brief.pdf", brief.length);
    expect(res.status).toBe(201);
    expect(location).toMatch(/^\/portal\/messages\/uploads\/[0-9a-f-]{36}$/);
    expect((await patch(alice, location, 0, brief.subarray(0, 200_000))).status).toBe(204);
    // A dropped connection: the client asks where it stands and goes on from there.
    const at = await head(alice, location);
    expect(at.headers.get("Upload-Offset")).toBe("200000");
    expect((await patch(alice, location, 100_000, brief.subarray(100_000))).status).toBe(409);
    const last = await patch(alice, location, 200_000, brief.subarray(200_000));
    expect(last.status).toBe(204);
    expect(last.headers.get("Upload-Offset")).toBe(String(brief.length));
    // Complete, but no message yet: nothing stored.
    expect(await counts()).toEqual(before);

    const sent = await send(alice, {
      intent: "send",
      subject: "Resumable brief",
      content: "The brief, uploaded in pieces.",
      uploads: idOf(location),
    });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const { messages: thread } = await attachmentsOf(alice, "Resumable brief");
    const [file] = thread[0]?.attachments ?? [];
    expect(file).toMatchObject({ name: "Brief.pdf", size: brief.length });
    const whole = await download(alice, file?.id ?? "");
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(brief));
    const part = await download(admin, file?.id ?? "", { Range: "bytes=300000-300099" });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(brief.subarray(300_000, 300_100))).toBe(
      true,
    );
    expect((await download(bob, file?.id ?? "")).status).toBe(404);
    // Taken: the upload is gone, and a second message cannot name it again.
    expect((await head(alice, location)).status).toBe(404);
    const again = await send(alice, {
      intent: "send",
      subject: "Again",
      content: "Once more.",
      uploads: idOf(location),
    });
    expect(again.status).toBe(404);
  });

  it("carries a reply's files", async () => {
    const { threadId } = await attachmentsOf(alice, "Resumable brief");
    const one = await uploaded(admin, "Plan.pdf", pdf(3000, 3));
    const two = await uploaded(admin, "Notes.txt", new TextEncoder().encode("Plain notes\n"));
    const reply = await send(admin, {
      intent: "reply",
      id: threadId,
      content: "Two more.",
      uploads: `${idOf(one)},${idOf(two)}`,
    });
    expect(reply).toMatchObject({ status: 200, body: { ok: true, intent: "reply" } });
    const { messages: thread } = await attachmentsOf(alice, "Resumable brief");
    expect(thread[1]?.attachments.map((a) => [a.name, a.size])).toEqual([
      ["Plan.pdf", 3000],
      ["Notes.txt", 12],
    ]);
  });

  it("holds the size cap and the type check as a posted file does", async () => {
    const big = await create(alice, "Huge.pdf", 1024 * 1024 + 1);
    expect(big.res.status).toBe(413);
    expect(await big.res.json()).toMatchObject({ error: '"Huge.pdf" is larger than 1 MB.' });
    const { location } = await create(alice, "tool.exe", 5000);
    const exe = new Uint8Array(5000);
    exe.set([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);
    const refused = await patch(alice, location, 0, exe);
    expect(refused.status).toBe(415);
    // The upload ended with its bytes.
    expect((await head(alice, location)).status).toBe(404);
  });

  it("answers a refused type over HTTP before the rest of the piece arrives (the connection is not cut first)", async () => {
    // The PATCH as the server gets it (server.ts → serveFileTransfer, straight from the socket).
    // The type is refused from the first 4 KB; the rest of the piece is sent only once the answer
    // is in. Cutting the connection on the refusal lost the answer: the browser saw a dropped
    // connection (a retry after 1 s) or sent the PATCH again ('Upload not found'), and the
    // reply's '"tool.exe" is not a type of file we accept' came late or never (threads.spec).
    const server = createServer((req, res) => {
      serveFileTransfer(req, res, BASE_URL).catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { location } = await create(alice, "tool.exe", 10_000);
      const exe = new Uint8Array(10_000);
      exe.set([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);
      const { port } = server.address() as { port: number };
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("latin1");
      });
      const closed = new Promise((resolve) => socket.on("close", resolve));
      const answered = new Promise<void>((resolve) => {
        socket.on("data", () => {
          if (answer.includes("\r\n\r\n") && answer.includes("}")) resolve();
        });
        socket.on("close", () => resolve());
      });
      socket.write(
        [
          `PATCH ${location} HTTP/1.1`,
          "Host: 127.0.0.1",
          "Tus-Resumable: 1.0.0",
          `Origin: ${BASE_URL}`,
          `Cookie: ${alice.cookie}`,
          "Upload-Offset: 0",
          "Content-Type: application/offset+octet-stream",
          "Content-Length: 10000",
          "",
          "",
        ].join("\r\n"),
      );
      socket.write(exe.subarray(0, 6000));
      await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 415 /);
      expect(answer).toContain('\\"tool.exe\\" is not a type of file we accept');
      // The rest is read and dropped.
      socket.end(exe.subarray(6000));
      await closed;
      expect((await head(alice, location)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("answers only its uploader, and is pending until every byte is in", async () => {
    const before = await counts();
    const { location } = await create(alice, "Half.pdf", 10_000);
    expect((await patch(alice, location, 0, pdf(10_000).subarray(0, 5000))).status).toBe(204);
    // Another client's contact: not found, whatever they try.
    expect((await head(bob, location)).status).toBe(404);
    expect((await patch(bob, location, 5000, pdf(10_000).subarray(5000))).status).toBe(404);
    const foreign = await send(bob, {
      intent: "send",
      subject: "Not mine",
      content: "Hi",
      uploads: idOf(location),
    });
    expect(foreign.status).toBe(404);
    // Its own uploader, before the last byte: refused, the typed text kept, nothing stored.
    const early = await send(alice, {
      intent: "send",
      subject: "Too early",
      content: "Half a file.",
      uploads: idOf(location),
    });
    expect(early).toMatchObject({
      status: 409,
      body: {
        ok: false,
        error: "An attached file has not finished uploading.",
        values: { subject: "Too early", content: "Half a file." },
      },
    });
    expect(await counts()).toEqual(before);
    // Finished, with a message refused for its own rule (no text): kept to send again.
    expect((await patch(alice, location, 5000, pdf(10_000).subarray(5000))).status).toBe(204);
    const empty = await send(alice, {
      intent: "send",
      subject: "Empty",
      content: "",
      uploads: idOf(location),
    });
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await head(alice, location)).headers.get("Upload-Offset")).toBe("10000");
    const sent = await send(alice, {
      intent: "send",
      subject: "Whole now",
      content: "The whole file.",
      uploads: idOf(location),
    });
    expect(sent.status).toBe(200);
    const { messages: thread } = await attachmentsOf(alice, "Whole now");
    expect(thread[0]?.attachments.map((a) => a.name)).toEqual(["Half.pdf"]);
  });
});
