/**
 * Issue 29, point 7: the upload route holds every part and the whole body to a limit while it
 * streams in, whatever its framing: a huge text field, or a great many small ones, is refused
 * with a 413 before the rest of the body is read.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FILES_PER_UPLOAD, MB } from "~/lib/files";
import { action as uploadAction } from "~/routes/portal/project-files";
import { action as projectsAction } from "~/routes/portal/projects";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { BASE_URL, createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { fileVersions, projects } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

const MAX_UPLOAD_MB = 1;
let h: Harness;
let alice: SignedUp;
let projectId = "";

beforeAll(async () => {
  h = await createHarness({ MAX_UPLOAD_MB: String(MAX_UPLOAD_MB) });
  alice = await signUp("alice@caps.test");
  await run(
    projectsAction,
    formRequest("/portal/projects", { intent: "create", title: "Caps" }, { cookie: alice.cookie }),
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

const BOUNDARY = "----caps-test";
const encoder = new TextEncoder();

/**
 * A chunked body made as it is read: `pieces` in order, each a string or a number of bytes of
 * filler. `read()` says how many bytes the server pulled.
 */
function streamedBody(pieces: (string | number)[]) {
  let sent = 0;
  let index = 0;
  let left = 0;
  const CHUNK = 64 * 1024;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left === 0) {
        const next = pieces[index++];
        if (next === undefined) {
          controller.close();
          return;
        }
        if (typeof next === "string") {
          const bytes = encoder.encode(next);
          sent += bytes.length;
          controller.enqueue(bytes);
          return;
        }
        left = next;
      }
      const size = Math.min(CHUNK, left);
      left -= size;
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { body, read: () => sent };
}

const field = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
const file = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nA small note.\r\n`;

function post(body: ReadableStream<Uint8Array>) {
  return run(
    uploadAction,
    new Request(new URL(`/portal/projects/${projectId}/files`, BASE_URL), {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        accept: "application/json",
        origin: BASE_URL,
        cookie: alice.cookie,
      },
      body,
      duplex: "half",
    } as RequestInit),
    { id: projectId },
  );
}

describe(`upload caps while the body streams (${testDatabaseKind()})`, () => {
  it("refuses a text field far larger than any form field, before reading it all", async () => {
    const huge = 64 * MB;
    const { body, read } = streamedBody([
      field("note"),
      huge,
      "\r\n",
      file("After.txt"),
      `--${BOUNDARY}--\r\n`,
    ]);
    const res = await post(body);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("A form field is too long.");
    expect(read()).toBeLessThan(2 * MB);
    expect(await h.handle.db.select().from(fileVersions)).toEqual([]);
  });

  it("refuses a body of many small fields once it passes what an upload may carry", async () => {
    const total = (MAX_FILES_PER_UPLOAD * MAX_UPLOAD_MB + 1) * MB;
    const fieldSize = 32 * 1024;
    const count = Math.ceil((total * 2) / fieldSize);
    const pieces: (string | number)[] = [];
    for (let i = 0; i < count; i++) pieces.push(field(`f${i}`), fieldSize, "\r\n");
    pieces.push(file("Last.txt"), `--${BOUNDARY}--\r\n`);
    const { body, read } = streamedBody(pieces);
    const res = await post(body);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("The upload is too large.");
    expect(read()).toBeLessThan(total + 2 * MB);
    expect(await h.handle.db.select().from(fileVersions)).toEqual([]);
  });

  it("still takes small fields beside the files", async () => {
    const { body } = streamedBody([
      field("note"),
      "hello\r\n",
      file("Kept.txt"),
      `--${BOUNDARY}--\r\n`,
    ]);
    const res = await post(body);
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe("Uploaded Kept.txt");
  });
});
