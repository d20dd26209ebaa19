/**
 * Bad input against the project page's forms, the upload endpoint and the download route:
 * hostile strings, every encoding, forged and foreign ids, hostile file names and contents.
 * Every answer is a success, a redirect or a 4xx with a message; a refused write changes
 * nothing; nothing of another client's ever changes; every stored name is clean.
 */
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanFileName } from "~/lib/files";
import { MILESTONE_STATUSES, REVIEW_DECISIONS } from "~/lib/validation/deliverables";
import { action as projectAction, loader as projectLoader } from "~/routes/portal/project";
import { loader as downloadLoader } from "~/routes/portal/project-file";
import { action as uploadAction } from "~/routes/portal/project-files";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  CLIENT_ERRORS,
  checkAnswer,
  type Entries,
  encoding,
  type FilePart,
  formEntries,
  formPost,
  getWithQuery,
  nastyString,
  runs,
  tainted,
} from "~/test/fuzz.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import {
  fileVersions,
  milestones,
  projectFiles,
  projects,
  reviewAnswers,
  reviews,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { storeFile } from "./files.server";
import { createMilestone } from "./milestones.server";
import { requestFileReview } from "./reviews.server";

let h: Harness;
let alice: SignedUp;
let bob: SignedUp;
let admin: SignedUp;
const ids: Record<string, string> = {};

async function seed(who: SignedUp, key: string) {
  const [project] = await h.handle.db
    .insert(projects)
    .values({ clientId: who.clientId, createdBy: who.id, title: `Seed ${key}` })
    .returning({ id: projects.id });
  const ref = { id: project?.id ?? "", clientId: who.clientId };
  const pdf = new TextEncoder().encode("%PDF-1.7\nseed");
  const content = (async function* () {
    yield pdf;
  })();
  const stored = await storeFile(
    h.handle.db,
    ref,
    { id: who.id, side: "client" },
    "Seed.pdf",
    content,
    1024 * 1024,
  );
  if (!stored.ok) throw new Error(stored.message);
  const milestone = await createMilestone(h.handle.db, ref, admin.id, {
    title: "Seed",
    dueDate: "2026-12-01",
    status: "planned",
    description: null,
  });
  const review = await requestFileReview(h.handle.db, ref, admin.id, stored.file.versionId);
  if (!review.ok) throw new Error(review.message);
  ids[`$${key}Project`] = ref.id;
  ids[`$${key}File`] = stored.file.fileId;
  ids[`$${key}Version`] = stored.file.versionId;
  ids[`$${key}Milestone`] = milestone.id;
  ids[`$${key}Review`] = review.reviewId;
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za", MAX_UPLOAD_MB: "1" });
  admin = await signUp("admin@example.co.za", { fullName: "Ada Admin" });
  await proveAddress("admin@example.co.za");
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
  await seed(alice, "own");
  await seed(bob, "other");
});
afterAll(async () => {
  await h.close();
});

/** Besides the usual 4xx: 409 (answered already, already waiting for review). */
const ALLOWED = [...CLIENT_ERRORS, 409];

const resolve = (entries: Entries): Entries =>
  entries.map(([k, p]) => [k, typeof p === "string" && p in ids ? (ids[p] as string) : p]);

const idArb = (own: string, other: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(own, other) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: nastyString },
  );

/** Everything the deliverables keep, of one client. */
async function snapshot(clientId: string) {
  const db = h.handle.db;
  return {
    files: await db
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.clientId, clientId))
      .orderBy(asc(projectFiles.id)),
    versions: await db
      .select()
      .from(fileVersions)
      .where(eq(fileVersions.clientId, clientId))
      .orderBy(asc(fileVersions.id)),
    milestones: await db
      .select()
      .from(milestones)
      .where(eq(milestones.clientId, clientId))
      .orderBy(asc(milestones.id)),
    reviews: await db
      .select()
      .from(reviews)
      .where(eq(reviews.clientId, clientId))
      .orderBy(asc(reviews.id)),
    answers: await db
      .select({ id: reviewAnswers.reviewId, decision: reviewAnswers.decision })
      .from(reviewAnswers)
      .innerJoin(reviews, eq(reviews.id, reviewAnswers.reviewId))
      .where(eq(reviews.clientId, clientId))
      .orderBy(asc(reviewAnswers.reviewId)),
  };
}

describe(`bad input on the deliverables (${testDatabaseKind()})`, { timeout: 180_000 }, () => {
  it("project page forms: a success or a 4xx; refusals change nothing; client B never changes", async () => {
    const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
    const fields = {
      intent: fc.constantFrom(
        "create-milestone",
        "update-milestone",
        "delete-milestone",
        "move-milestone",
        "progress-source",
        "review-file",
        "review-milestone",
        "answer",
        "delete-file",
      ),
      milestoneId: idArb("$ownMilestone", "$otherMilestone"),
      versionId: idArb("$ownVersion", "$otherVersion"),
      reviewId: idArb("$ownReview", "$otherReview"),
      fileId: idArb("$ownFile", "$otherFile"),
      title: fc.oneof(text(60), tainted(text(20))),
      dueDate: fc.oneof(fc.constantFrom("2026-12-24", "2027-02-30", ""), nastyString),
      status: fc.oneof(fc.constantFrom(...MILESTONE_STATUSES), nastyString),
      description: fc.oneof(text(100), tainted(text(20))),
      direction: fc.constantFrom("up", "down", "sideways"),
      on: fc.constantFrom("true", "false", "maybe"),
      decision: fc.oneof(fc.constantFrom(...REVIEW_DECISIONS), nastyString),
      comment: fc.oneof(text(100), tainted(text(20))),
    };
    let written = 0;
    await fc.assert(
      fc.asyncProperty(
        formEntries(fields),
        encoding,
        fc.constantFrom(alice, admin),
        fc.oneof(
          { weight: 4, arbitrary: fc.constant("$ownProject") },
          { weight: 1, arbitrary: fc.constantFrom("$otherProject", "not-a-uuid") },
          { weight: 1, arbitrary: nastyString },
        ),
        async (raw, how, who, projectKey) => {
          const projectId = ids[projectKey] ?? projectKey;
          const before = await snapshot(alice.clientId);
          const others = await snapshot(bob.clientId);
          const res = await run(
            projectAction,
            // The router hands the decoded id over in params.
            formPost("/portal/projects/x", resolve(raw), how, { cookie: who.cookie }),
            { id: projectId },
          );
          const { status } = await checkAnswer(res, { allowed: ALLOWED });
          // Client B's work changes only when an administrator works on it, never for Alice.
          if (who === alice || projectKey !== "$otherProject")
            expect(await snapshot(bob.clientId)).toEqual(others);
          if (status !== 200) expect(await snapshot(alice.clientId)).toEqual(before);
          else written++;
        },
      ),
      // One valid form always runs (an administrator adds a milestone): random ones succeed only
      // now and then, so the count below would depend on the seed.
      {
        ...runs(80),
        examples: [
          [
            [
              ["intent", "create-milestone"],
              ["title", "Design sign-off"],
              ["dueDate", "2026-12-24"],
              ["status", "planned"],
              ["description", "Homepage and pricing page designs"],
            ],
            "urlencoded",
            admin,
            "$ownProject",
          ],
        ],
      },
    );
    // Some forms must succeed, or the property tested only refusals.
    expect(written, "writes that reached the database").toBeGreaterThan(0);
  });

  it("uploads: hostile names, contents and encodings get a 4xx or a clean, whole file", async () => {
    const content = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constant("%PDF-1.7\nfine"),
      fc.constant("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      fc.constant("MZ\u0090\u0000"),
      fc.constant("x".repeat(40_000)),
    );
    const name = fc.oneof(
      fc.constantFrom("Brief.pdf", "../../etc/passwd", "C:\\x\\y.svg", "a.txt", "", "🚀.md"),
      nastyString,
    );
    const part = fc.record({
      file: fc.constant(true as const),
      filename: name,
      type: fc.constantFrom("application/pdf", "text/html", ""),
      content,
    }) as fc.Arbitrary<FilePart>;
    const entries = fc.array(
      fc.oneof(
        { weight: 4, arbitrary: part.map((p): [string, FilePart] => ["files", p]) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom("files", "x"), nastyString) },
      ),
      { maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(entries, encoding, fc.constantFrom(alice, bob), async (raw, how, who) => {
        const others = await snapshot(who === alice ? bob.clientId : alice.clientId);
        const res = await run(
          uploadAction,
          formPost(`/portal/projects/${ids.$ownProject}/files`, raw as Entries, how, {
            cookie: who.cookie,
          }),
          { id: ids.$ownProject as string },
        );
        await checkAnswer(res);
        expect(await snapshot(who === alice ? bob.clientId : alice.clientId)).toEqual(others);
        const stored = await h.handle.db.select().from(fileVersions);
        for (const version of stored) {
          expect(version.state).toBe("ready");
          expect(cleanFileName(version.name)).toBe(version.name);
        }
      }),
      runs(60),
    );
  });

  it("page and download loaders: forged and malformed ids are 4xx, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        idArb("$ownProject", "$otherProject"),
        idArb("$ownVersion", "$otherVersion"),
        fc.constantFrom(alice, bob, admin),
        async (projectKey, versionKey, who) => {
          const projectId = ids[projectKey] ?? projectKey;
          const versionId = ids[versionKey] ?? versionKey;
          const download = await run(
            downloadLoader,
            getRequest("/portal/projects/x/files/y", who.cookie),
            {
              id: projectId,
              versionId,
            },
          );
          await checkAnswer(download);
          if (download.status === 200) {
            // Only a version of the project named, which the person may see.
            const [row] = await h.handle.db
              .select({ projectId: fileVersions.projectId, clientId: fileVersions.clientId })
              .from(fileVersions)
              .where(eq(fileVersions.id, versionId));
            expect(row?.projectId).toBe(projectId);
            if (who !== admin) expect(row?.clientId).toBe(who.clientId);
          }
          const page = await run(
            projectLoader,
            getWithQuery("/portal/projects/x", "cursor=%E0%A4%A", who.cookie),
            { id: projectId },
          );
          await checkAnswer(page);
        },
      ),
      runs(60),
    );
  });
});
