/**
 * Issue 29, point 6: 'View as client' is read-only whatever the case of the path. Cookie paths
 * are case-sensitive and routes are not, so the cookie that says which client is viewed must
 * reach every path a browser may send; server.ts answers non-canonical portal paths itself
 * (tests/scale/second-review.test.ts). Here a browser's cookie jar decides what is sent.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as messagesAction } from "~/routes/portal/messages";
import { action as uploadAction } from "~/routes/portal/project-files";
import { action as projectsAction } from "~/routes/portal/projects";
import { action as viewAsAction } from "~/routes/portal/view-as";
import { fileVersions, messages, projects } from "~/server/db/schema.server";
import { testDatabaseKind } from "~/server/db/test-db.server";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { BASE_URL, createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;
let projectId = "";

/** A browser's cookie jar: a cookie goes only to paths its Path attribute matches (RFC 6265). */
class Jar {
  private cookies = new Map<string, { value: string; path: string }>();
  constructor(header: string) {
    for (const pair of header.split(/;\s*/).filter(Boolean)) {
      const at = pair.indexOf("=");
      this.cookies.set(`${pair.slice(0, at)}|/`, { value: pair, path: "/" });
    }
  }
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(/;\s*/);
      const name = pair.slice(0, pair.indexOf("="));
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || "/";
      const gone = /max-age=0/i.test(line) || pair.endsWith("=");
      if (gone) this.cookies.delete(`${name}|${path}`);
      else this.cookies.set(`${name}|${path}`, { value: pair, path });
    }
  }
  for(requestPath: string) {
    return [...this.cookies.values()]
      .filter(
        ({ path }) =>
          requestPath === path ||
          (requestPath.startsWith(path) &&
            (path.endsWith("/") || requestPath[path.length] === "/")),
      )
      .map((c) => c.value)
      .join("; ");
  }
  has(name: string) {
    return [...this.cookies.keys()].some((key) => key.startsWith(`${name}|`));
  }
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "viewer@case.test" });
  admin = await signUpAdmin("viewer@case.test");
  contact = await signUp("contact@case.test");
  const res = await run(
    projectsAction,
    formRequest(
      "/portal/projects",
      { intent: "create", title: "Case project" },
      {
        cookie: contact.cookie,
      },
    ),
  );
  expect(res.status).toBe(200);
  const [row] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.clientId, contact.clientId));
  projectId = row?.id ?? "";
});
afterAll(async () => {
  await h?.close();
});

async function startViewing() {
  const jar = new Jar(admin.cookie);
  const res = await run(
    viewAsAction,
    formRequest(
      "/portal/view-as",
      { intent: "start", clientId: contact.clientId },
      {
        cookie: jar.for("/portal/view-as"),
      },
    ),
  );
  expect(res.status).toBe(302);
  jar.take(res);
  expect(jar.has("view_as")).toBe(true);
  return jar;
}

const BOUNDARY = "----view-as-case";
const uploadBody = () =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="Note.txt"\r\nContent-Type: text/plain\r\n\r\nA note.\r\n--${BOUNDARY}--\r\n`,
  );

describe(`view as client, whatever the path's case (${testDatabaseKind()})`, () => {
  for (const path of ["/portal/messages", "/PORTAL/messages", "/Portal/Messages.data"]) {
    it(`refuses a message posted to ${path}`, async () => {
      const jar = await startViewing();
      const subject = `Sent through ${path}`;
      const res = await run(
        messagesAction,
        formRequest(
          path,
          { intent: "send", subject, content: "Hello", clientId: contact.clientId },
          { cookie: jar.for(path) },
        ),
      );
      expect(res.status).toBe(403);
      const stored = await h.handle.db.select().from(messages).where(eq(messages.subject, subject));
      expect(stored).toEqual([]);
    });
  }

  it("refuses an upload posted to /PORTAL/projects/…/files", async () => {
    const jar = await startViewing();
    const path = `/PORTAL/projects/${projectId}/files`;
    const res = await run(
      uploadAction,
      new Request(new URL(path, BASE_URL), {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          accept: "application/json",
          origin: BASE_URL,
          cookie: jar.for(path),
        },
        body: uploadBody(),
      }),
      { id: projectId },
    );
    expect(res.status).toBe(403);
    expect(await h.handle.db.select().from(fileVersions)).toEqual([]);
  });

  it("stops viewing for every path", async () => {
    const jar = await startViewing();
    const res = await run(
      viewAsAction,
      formRequest("/portal/view-as", { intent: "stop" }, { cookie: jar.for("/portal/view-as") }),
    );
    jar.take(res);
    expect(jar.has("view_as")).toBe(false);
  });
});
