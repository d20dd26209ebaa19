/**
 * Bad input against sign-in, sign-up and sign-out: our form actions, and better-auth's own JSON
 * endpoints called directly. Every answer is a success, a redirect or a 4xx with a message, and
 * no account is ever half-made (every user has one profile and one password account).
 */
import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RESET_LINK_INVALID } from "~/lib/validation/account";
import { action as authApiAction, loader as authApiLoader } from "~/routes/api/auth";
import { loader as eventsLoader } from "~/routes/api/events";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { signUp, TEST_PASSWORD } from "~/test/accounts.server";
import {
  CLIENT_ERRORS,
  checkAnswer,
  encoding,
  formEntries,
  formPost,
  formValue,
  hugeString,
  nastyString,
  plainEmail,
  queryString,
  runs,
  tainted,
} from "~/test/fuzz.server";
import {
  BASE_URL,
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { account, profiles, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
let cookie: string;
/** The known user's password: TEST_PASSWORD unless a generated change-password succeeded. */
let knownPassword = TEST_PASSWORD;

beforeAll(async () => {
  h = await createHarness({}, { authRateLimit: 100_000 });
  ({ cookie } = await signUp("known@example.co.za", { fullName: "Known" }));
});
afterAll(async () => {
  await h.close();
});

async function userCount() {
  const [row] = await h.handle.db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

/** No account is half-made: each user has exactly one profile and one password account. */
async function expectWholeAccounts() {
  const users = await h.handle.db.select({ id: user.id, name: user.name }).from(user);
  const profileRows = await h.handle.db.select({ id: profiles.id }).from(profiles);
  const accounts = await h.handle.db
    .select({ userId: account.userId, n: count() })
    .from(account)
    .groupBy(account.userId);
  expect(profileRows.map((p) => p.id).sort()).toEqual(users.map((u) => u.id).sort());
  expect(accounts.map((a) => a.userId).sort()).toEqual(users.map((u) => u.id).sort());
  for (const a of accounts) expect(a.n).toBe(1);
  for (const u of users) expect(u.name.length).toBeLessThanOrEqual(100);
}

/**
 * better-auth logs some client mistakes as errors (an untrusted callbackURL, an unknown social
 * provider, a disabled endpoint). Collect what it logs from here on; the returned check fails on
 * anything else (a database failure, an internal error).
 */
const CLIENT_MISTAKES =
  /Invalid (callbackURL|origin|redirectURL)|isn't enabled|is disabled|State not found|Provider not found/;
function collectAuthLogs() {
  const logged: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
  return () => expect(logged.filter((line) => !CLIENT_MISTAKES.test(line))).toEqual([]);
}

const password = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: 6, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant("secret1") },
  { weight: 1, arbitrary: tainted(fc.constant("secret12")) },
);
const emailArb = fc.oneof(
  { weight: 4, arbitrary: plainEmail },
  { weight: 1, arbitrary: fc.constant("known@example.co.za") },
  { weight: 1, arbitrary: tainted(plainEmail) },
);
const fullName = fc.oneof(
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 60 }) },
  { weight: 1, arbitrary: tainted(fc.string({ minLength: 1, maxLength: 20 })) },
);

describe(`bad input on sign-in, sign-up and sign-out (${testDatabaseKind()})`, {
  timeout: 120_000,
}, () => {
  it("the /auth form action: a redirect or a 4xx with a message, never a half-made account", async () => {
    const fields = {
      intent: fc.constantFrom("signin", "signup"),
      email: emailArb,
      password,
      fullName,
    };
    let created = 0;
    await fc.assert(
      fc.asyncProperty(formEntries(fields), encoding, async (entries, how) => {
        const before = await userCount();
        const res = await run(authAction, formPost("/auth", entries, how, { ip: nextIp() }));
        const { status, body } = await checkAnswer(res);
        const after = await userCount();
        const signup = formValue(entries, "intent", how) === "signup";
        if (status === 302) {
          expect(res.headers.get("location")).toBe("/portal");
          expect(after).toBe(signup ? before + 1 : before);
          if (signup) created++;
        } else {
          expect(after).toBe(before);
          // Entered values come back so the form keeps them, but never the password.
          expect(Object.keys((body as { values?: object }).values ?? {})).not.toContain("password");
        }
        await expectWholeAccounts();
      }),
      // One valid sign-up always runs: random forms reach the database only now and then.
      {
        ...runs(30),
        examples: [
          [
            [
              ["intent", "signup"],
              ["email", "valid-form@example.co.za"],
              ["password", TEST_PASSWORD],
              ["fullName", "Thandiwe Nkosi"],
            ],
            "urlencoded",
          ],
        ],
      },
    );
    expect(created, "sign-ups that reached the database").toBeGreaterThan(0);
  });

  const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  );

  /** A plausible body with some fields replaced by anything or removed, plus extra fields. */
  function jsonBody(valid: fc.Arbitrary<Record<string, unknown>>, keys: string[]) {
    return fc
      .tuple(
        valid,
        fc.subarray(keys, { maxLength: 2 }),
        fc.array(jsonValue, { minLength: keys.length, maxLength: keys.length }),
        fc.dictionary(
          fc.oneof(fc.constantFrom("role", "emailVerified", "id", "image"), fc.string()),
          jsonValue,
          { maxKeys: 2 },
        ),
      )
      .map(([body, broken, junk, extra]) => {
        const out: Record<string, unknown> = { ...extra, ...body };
        broken.forEach((k, i) => {
          if (i === 1) delete out[k];
          else out[k] = junk[i];
        });
        return JSON.stringify(out);
      });
  }
  const oddBody = fc.oneof(
    fc.constantFrom("", "{", "null", "[]", "42", '"x"', "\uFEFF{}", '{"email":"\\ud800"}'),
    nastyString,
    hugeString.map((s) => JSON.stringify({ email: "a@b.co", password: "secret1", name: s })),
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    {
      weight: 1,
      arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "", "x/y"),
    },
  );

  async function callAuth(path: string, body: string, type: string) {
    const headers = new Headers({ origin: BASE_URL, "x-client-ip": nextIp() });
    if (type) headers.set("content-type", type);
    return h.auth.handler(
      new Request(`${BASE_URL}/api/auth${path}`, { method: "POST", headers, body }),
    );
  }

  it("better-auth's sign-up endpoint: wrong types, missing and extra fields, bad JSON", async () => {
    const valid = fc.record({
      email: emailArb,
      password,
      name: fullName,
      rememberMe: fc.boolean(),
    });
    const body = fc.oneof(
      { weight: 6, arbitrary: jsonBody(valid, ["email", "password", "name", "rememberMe"]) },
      { weight: 1, arbitrary: oddBody },
    );
    let created = 0;
    const expectNoUnexpectedLogs = collectAuthLogs();
    await fc.assert(
      fc.asyncProperty(body, contentType, async (text, type) => {
        const before = await userCount();
        const res = await callAuth("/sign-up/email", text, type);
        const { status } = await checkAnswer(res);
        const after = await userCount();
        expect(after).toBe(status === 200 ? before + 1 : before);
        if (status === 200) created++;
        await expectWholeAccounts();
        expectNoUnexpectedLogs();
      }),
      {
        ...runs(25),
        examples: [
          [
            JSON.stringify({
              email: "valid-api@example.co.za",
              password: TEST_PASSWORD,
              name: "Thandiwe Nkosi",
              rememberMe: true,
            }),
            "application/json",
          ],
        ],
      },
    );
    expect(created, "sign-ups that reached the database").toBeGreaterThan(0);
  });

  it("better-auth's sign-in endpoint: wrong types, missing and extra fields, bad JSON", async () => {
    const valid = fc.record({
      email: emailArb,
      password,
      rememberMe: fc.boolean(),
      callbackURL: fc.oneof(
        { weight: 3, arbitrary: fc.constant("/portal") },
        { weight: 1, arbitrary: fc.constantFrom("https://evil.example/x", "javascript:alert(1)") },
      ),
    });
    const body = fc.oneof(
      { weight: 6, arbitrary: jsonBody(valid, ["email", "password", "rememberMe", "callbackURL"]) },
      { weight: 1, arbitrary: oddBody },
    );
    let checked = 0;
    const expectNoUnexpectedLogs = collectAuthLogs();
    await fc.assert(
      fc.asyncProperty(body, contentType, async (text, type) => {
        const before = await userCount();
        const res = await callAuth("/sign-in/email", text, type);
        const { status } = await checkAnswer(res);
        if (status === 200 || status === 401) checked++;
        expect(await userCount()).toBe(before);
        expectNoUnexpectedLogs();
      }),
      {
        ...runs(30),
        examples: [
          [
            JSON.stringify({ email: "known@example.co.za", password: "not-the-password" }),
            "application/json",
          ],
        ],
      },
    );
    expect(checked, "attempts that reached the password check").toBeGreaterThan(0);
  });

  /** A fresh session of the known user (a sign-in through our action). */
  async function freshSession() {
    const res = await run(
      authAction,
      formRequest(
        "/auth",
        { intent: "signin", email: "known@example.co.za", password: "secret1" },
        { ip: nextIp() },
      ),
    );
    expect(res.status).toBe(302);
    return cookiesFrom(res);
  }

  const cookieValue = fc
    .string({ unit: "binary-ascii", maxLength: 60 })
    .map((s) => s.replace(/[\0\r\n]/g, ""));
  const cookieFor = (live: string) =>
    fc.oneof(
      fc.constant(live),
      cookieValue.map((v) => `better-auth.session_token=${v}`),
      cookieValue.map((v) => `${live}${v}`),
      cookieValue.map((v) => `toast=${v}; sidebar_state=${v}`),
      cookieValue,
      fc.constant(""),
    );

  it("sign-out, the /auth loader and the event stream take any cookie", async () => {
    const live = await freshSession();
    const target = fc.constantFrom("sign-out", "auth", "events");
    await fc.assert(
      fc.asyncProperty(target, cookieFor(live), cookieFor(cookie), async (t, c, doomed) => {
        if (t === "sign-out") {
          const res = await run(
            signOutAction,
            formPost("/sign-out", [], "urlencoded", { cookie: doomed }),
          );
          await checkAnswer(res);
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe("/");
        } else if (t === "auth") {
          const res = await run(authLoader, getRequest("/auth", c));
          await checkAnswer(res);
          expect([200, 302]).toContain(res.status);
        } else {
          const res = await run(eventsLoader, getRequest("/api/events", c));
          if (res.status === 200) {
            expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
            await res.body?.cancel();
          } else {
            const { status, body } = await checkAnswer(res);
            expect(status).toBe(401);
            expect(body).toEqual({ error: "Not signed in" });
          }
        }
      }),
      runs(30),
    );
  });

  it("/api/auth/*: any path, method, query, body and cookie is never a 5xx", async () => {
    const live = await freshSession();
    const endpoint = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          "get-session",
          "list-sessions",
          "sign-out",
          "verify-email",
          "send-verification-email",
          "reset-password/abc",
          "request-password-reset",
          "change-password",
          "change-email",
          "update-user",
          "delete-user",
          "revoke-session",
          "revoke-other-sessions",
          "list-accounts",
          "account-info",
          "get-access-token",
          "refresh-token",
          "sign-in/social",
          "callback/github",
          "ok",
          "error",
        ),
      },
      { weight: 1, arbitrary: nastyString.map((s) => encodeURIComponent(s.toWellFormed())) },
    );
    const query = queryString(
      ["token", "callbackURL", "error", "id", "disableRefresh"],
      nastyString,
    );
    const body = fc.oneof(
      jsonBody(
        fc.record({
          name: fullName,
          newPassword: password,
          currentPassword: fc.constantFrom("secret1", "wrong-one"),
          newEmail: emailArb,
          token: fc.string(),
          email: emailArb,
          callbackURL: fc.constantFrom("/portal", "https://evil.example/"),
          provider: fc.constantFrom("github", "google", "nope"),
        }),
        ["name", "newPassword", "newEmail", "token", "email", "provider"],
      ),
      oddBody,
    );
    const expectNoUnexpectedLogs = collectAuthLogs();
    await fc.assert(
      fc.asyncProperty(
        endpoint,
        fc.constantFrom("GET", "POST"),
        query,
        body,
        contentType,
        cookieFor(live),
        async (path, method, q, text, type, c) => {
          const headers = new Headers({ origin: BASE_URL, "x-client-ip": nextIp() });
          if (type) headers.set("content-type", type);
          if (c) headers.set("cookie", c);
          const before = await userCount();
          const request = new Request(`${BASE_URL}/api/auth/${path}?${q}`, {
            method,
            headers,
            body: method === "POST" ? text : undefined,
          });
          const res = await run(method === "GET" ? authApiLoader : authApiAction, request);
          await checkAnswer(res, { requireMessage: false, allowed: [...CLIENT_ERRORS, 405] });
          // A well-formed change with the right current password is not bad input: it changes
          // the known user's password, which the last test then signs in with.
          if (path === "change-password" && method === "POST" && res.status === 200) {
            knownPassword = (JSON.parse(text) as { newPassword: string }).newPassword;
          }
          expect(await userCount()).toBe(before);
          await expectWholeAccounts();
          expectNoUnexpectedLogs();
        },
      ),
      runs(60),
    );
  });

  it("keeps the known user able to sign in after all that", async () => {
    const res = await run(
      authAction,
      formRequest(
        "/auth",
        { intent: "signin", email: "known@example.co.za", password: knownPassword },
        { ip: nextIp() },
      ),
    );
    expect(res.status).toBe(302);
  });
});

describe("regressions found by the properties", () => {
  it("answers a very long /api/auth path with 404 before better-auth's rate limiter stores it", async () => {
    // Incompressible, so PostgreSQL cannot squeeze the rate-limit key under its index limit.
    const path = `/api/auth/${randomBytes(3000).toString("hex")}`;
    const headers = { "x-client-ip": nextIp() };
    const res = await run(authApiLoader, new Request(`${BASE_URL}${path}`, { headers }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
    const long = await h.handle.db.execute(sql`select 1 from rate_limit where length(key) > 300`);
    expect(long.rows).toHaveLength(0);
    const ok = await run(authApiLoader, new Request(`${BASE_URL}/api/auth/ok`, { headers }));
    expect(ok.status).toBe(200);
  });

  it("keeps better-auth's callback-URL check on under tests: no open redirect, no 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const callbackURL of ["https://evil.example", "//evil.example", "' OR 1=1 --"]) {
      const res = await h.auth.handler(
        new Request(
          `${BASE_URL}/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callbackURL)}`,
          { headers: { origin: BASE_URL } },
        ),
      );
      expect(res.status, callbackURL).toBe(403);
      expect(res.headers.get("location")).toBeNull();
    }
    const own = await h.auth.handler(
      new Request(`${BASE_URL}/api/auth/verify-email?token=x&callbackURL=%2Fportal`),
    );
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/portal?error=INVALID_TOKEN");
    expect(logged.mock.calls.map((c) => String(c[0]))).toEqual(
      Array(3).fill(expect.stringContaining("Invalid callbackURL")),
    );
  });

  it("answers a /auth body that is not a form with 400, not a crash", async () => {
    for (const how of ["multipart-broken", "json", "text"] as const) {
      const res = await run(
        authAction,
        formPost("/auth", [["intent", "signin"]], how, { ip: nextIp() }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("The form could not be read.");
    }
  });

  it("answers a forgot- or reset-password body that is not a form with 400, not a crash", async () => {
    const forms: [typeof forgotAction | typeof resetAction, string, [string, string][]][] = [
      [forgotAction, "/auth/forgot-password", [["email", "known@example.co.za"]]],
      [
        resetAction,
        "/auth/reset-password",
        [
          ["token", "abc"],
          ["newPassword", "secret-pass-2"],
        ],
      ],
    ];
    for (const [action, path, entries] of forms) {
      for (const how of ["multipart-broken", "json", "text"] as const) {
        const res = await run(action, formPost(path, entries, how, { ip: nextIp() }));
        expect(res.status, `${path} ${how}`).toBe(400);
        expect((await res.json()).message).toBe("The form could not be read.");
      }
    }
  });

  it("answers a reset token with a NUL character with 400, on the form and better-auth's endpoint", async () => {
    const token = "a\u0000b";
    const form = await run(
      resetAction,
      formRequest(
        "/auth/reset-password",
        { token, newPassword: "secret-pass-2" },
        { ip: nextIp() },
      ),
    );
    expect(form.status).toBe(400);
    expect((await form.json()).error).toBe(RESET_LINK_INVALID);
    const api = await h.auth.handler(
      new Request(`${BASE_URL}/api/auth/reset-password`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE_URL, "x-client-ip": nextIp() },
        body: JSON.stringify({ token, newPassword: "secret-pass-2" }),
      }),
    );
    expect(api.status).toBe(400);
    expect((await api.json()).message).toBe("The request holds a character that is not allowed");
  });

  it("holds better-auth's own sign-up to the form's name rule, and refuses pictures", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "x".repeat(100_001) }, "Name must be less than 100 characters"],
      [{ name: "  " }, "Full name is required"],
      [{ name: "a\u0000b" }, "Name contains a character that is not allowed"],
      [{ name: "a\ud800b" }, "Name contains a character that is not allowed"],
      [{ name: "Pic", image: "https://example.com/x.png" }, "Profile pictures are not supported"],
    ];
    for (const [fields, message] of cases) {
      const before = await userCount();
      const res = await h.auth.handler(
        new Request(`${BASE_URL}/api/auth/sign-up/email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: BASE_URL,
            "x-client-ip": nextIp(),
          },
          body: JSON.stringify({
            email: `r${before}@example.co.za`,
            password: "secret1",
            ...fields,
          }),
        }),
      );
      expect(res.status, message).toBe(400);
      expect((await res.json()).message).toBe(message);
      expect(await userCount()).toBe(before);
    }
    await expectWholeAccounts();
  });

  it("stores a name given to better-auth's sign-up trimmed, and checks update-user too", async () => {
    const res = await h.auth.handler(
      new Request(`${BASE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE_URL, "x-client-ip": nextIp() },
        body: JSON.stringify({
          email: "trim@example.co.za",
          password: "secret1",
          name: "  Zola  ",
        }),
      }),
    );
    expect(res.status).toBe(200);
    const session = cookiesFrom(res);
    const update = (body: object) =>
      h.auth.handler(
        new Request(`${BASE_URL}/api/auth/update-user`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: BASE_URL,
            cookie: session,
            "x-client-ip": nextIp(),
          },
          body: JSON.stringify(body),
        }),
      );
    const tooLong = await update({ name: "y".repeat(101) });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe("Name must be less than 100 characters");
    expect((await update({ image: "https://example.com/x.png" })).status).toBe(400);
    expect((await update({ name: " Zola Dube " })).status).toBe(200);
    const names = await h.handle.db
      .select({ name: user.name })
      .from(user)
      .where(eq(user.email, "trim@example.co.za"));
    expect(names).toEqual([{ name: "Zola Dube" }]);
  });
});
