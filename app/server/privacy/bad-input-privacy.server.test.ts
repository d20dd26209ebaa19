/**
 * Bad input on the privacy forms and links (POPIA, decision 014): every answer is a success or a
 * 4xx with a message, never a 500, and nothing is erased or scheduled by a bad one.
 */
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { action as settingsAction } from "~/routes/portal/settings";
import {
  action as confirmEraseAction,
  loader as confirmEraseLoader,
} from "~/routes/privacy/confirm-delete";
import { action as eraseDetailsAction } from "~/routes/privacy/delete-my-details";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "~/routes/privacy/unsubscribe";
import {
  checkAnswer,
  encoding,
  formEntries,
  formPost,
  getWithQuery,
  nastyString,
  plainEmail,
  queryString,
  runs,
  tainted,
} from "~/test/fuzz.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { accountDeletions, leads } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LEAD_RATE_LIMIT_IP: "100000", LEAD_RATE_LIMIT_EMAIL: "100000" });
});
afterAll(async () => {
  await h.close();
});

const tokenLike = fc.oneof(
  nastyString,
  tainted(fc.stringMatching(/^[A-Za-z0-9_-]{20,60}\.[A-Za-z0-9_-]{43}$/)),
  fc.string({ maxLength: 1200 }),
);

describe(`bad input on the privacy forms (${testDatabaseKind()})`, { timeout: 120_000 }, () => {
  it("'Ask us to delete my details': a success or a 4xx with a message", async () => {
    await fc.assert(
      fc.asyncProperty(
        formEntries({ email: fc.oneof(plainEmail, nastyString, tainted(plainEmail)) }),
        encoding,
        async (entries, how) => {
          const res = await run(
            eraseDetailsAction,
            formPost("/privacy/delete-my-details", entries, how),
          );
          await checkAnswer(res);
        },
      ),
      runs(60),
    );
  });

  it("the confirmation and unsubscribe links: forged tokens erase and withdraw nothing", async () => {
    const [before] = await h.handle.db.select({ n: count() }).from(leads);
    for (const [path, act, load] of [
      ["/privacy/delete-my-details/confirm", confirmEraseAction, confirmEraseLoader],
      ["/privacy/unsubscribe", unsubscribeAction, unsubscribeLoader],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(formEntries({ token: tokenLike }), encoding, async (entries, how) => {
          const res = await run(act, formPost(path, entries, how));
          const { status } = await checkAnswer(res);
          expect(status).toBeGreaterThanOrEqual(400);
        }),
        runs(60),
      );
      await fc.assert(
        fc.asyncProperty(queryString(["token"], tokenLike), async (query) => {
          const res = await run(load, getWithQuery(path, query));
          const { body } = await checkAnswer(res);
          expect((body as { email: unknown }).email).toBeNull();
        }),
        runs(60),
      );
    }
    const [after] = await h.handle.db.select({ n: count() }).from(leads);
    expect(after?.n).toBe(before?.n);
  });

  it("'Delete my account' with hostile passwords and codes schedules nothing", async () => {
    const res = await run(
      authAction,
      formRequest(
        "/auth",
        { intent: "signup", email: "fuzz@privacy.test", password: "secret1", fullName: "Fuzz" },
        { ip: nextIp() },
      ),
    );
    const cookie = cookiesFrom(res).replace(/;?\s*toast=[^;]*/, "");
    await fc.assert(
      fc.asyncProperty(
        formEntries({ password: nastyString, code: nastyString }),
        encoding,
        async (entries, how) => {
          const all: typeof entries = [["intent", "delete-account"], ...entries];
          const answer = await run(
            settingsAction,
            formPost("/portal/settings", all, how, { cookie }),
          );
          await checkAnswer(answer);
        },
      ),
      runs(30),
    );
    expect(await h.handle.db.select().from(accountDeletions)).toEqual([]);
  });
});
