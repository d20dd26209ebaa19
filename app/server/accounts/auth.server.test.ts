import { verifyPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { loader as portalLoader } from "~/routes/portal/layout";
import { getCurrentSession } from "~/routes/session.server";
import { proveAddress } from "~/test/admin.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { testPasswordHashing } from "~/test/password-hash.server";
import { account, profiles, user, userRoles } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { createAuth } from "./auth.server";
import { applyAdminEmails, getRole, setRoleByEmail } from "./roles.server";

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "boss@example.co.za" });
});
afterAll(async () => {
  await h.close();
});

function postSignUp(
  fields: Partial<Record<"fullName" | "email" | "password", string>>,
  ip = nextIp(),
) {
  return run(
    authAction,
    formRequest("/auth", { intent: "signup", fullName: "Thandi Nkosi", ...fields }, { ip }),
  );
}
function signIn(email: string, password: string, ip = nextIp()) {
  return run(authAction, formRequest("/auth", { intent: "signin", email, password }, { ip }));
}

describe(`accounts on ${testDatabaseKind()}`, () => {
  it("applies the migrations", async () => {
    const result = await h.handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = result.rows.map((r) => r.table_name);
    for (const t of [
      "user",
      "session",
      "account",
      "verification",
      "profiles",
      "user_roles",
      "projects",
      "messages",
    ]) {
      expect(names).toContain(t);
    }
  });

  it("signs up, stores the full name, signs in and redirects to /portal with the toast", async () => {
    const res = await postSignUp({ email: "thandi@example.co.za", password: "secret1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/portal");
    const setCookies = res.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/i);
    expect(setCookies.some((c) => c.startsWith("toast="))).toBe(true);

    const [row] = await h.handle.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(user.email, "thandi@example.co.za"));
    expect(row?.fullName).toBe("Thandi Nkosi");

    const portal = await run(portalLoader, getRequest("/portal", cookiesFrom(res)));
    expect(portal.status).toBe(200);
    const body = await portal.json();
    expect(body.user.email).toBe("thandi@example.co.za");
    expect(body.toast).toEqual({
      type: "success",
      title: "Success!",
      description: "Account created successfully. You can now log in.",
    });
    // The toast is shown once: the same response clears its cookie.
    expect(portal.headers.getSetCookie().some((c) => c.startsWith("toast=;"))).toBe(true);
  });

  it("signs in with the right password and refuses a wrong one with the provider's message", async () => {
    const ok = await signIn("thandi@example.co.za", "secret1");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/portal");

    const wrong = await signIn("thandi@example.co.za", "wrong-password");
    expect(wrong.status).toBe(401);
    const body = await wrong.json();
    expect(body.error).toBe("Invalid email or password");
    expect(body.values.email).toBe("thandi@example.co.za");
    expect(
      wrong.headers
        .getSetCookie()
        .some((c) => c.includes("session_token=") && !c.includes("session_token=;")),
    ).toBe(false);
  });

  it("refuses a duplicate e-mail", async () => {
    const res = await postSignUp({ email: "THANDI@example.co.za", password: "another1" });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/already exists/i);
  });

  it("enforces the minimum password length of 6 on the server", async () => {
    const res = await postSignUp({ email: "short@example.co.za", password: "12345" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Password must be at least 6 characters");
    const six = await postSignUp({ email: "six@example.co.za", password: "123456" });
    expect(six.status).toBe(302);
  });

  it("redirects a signed-in visitor away from /auth and a signed-out one away from /portal", async () => {
    const res = await signIn("thandi@example.co.za", "secret1");
    const cookie = cookiesFrom(res);
    const auth = await run(authLoader, getRequest("/auth", cookie));
    expect(auth.status).toBe(302);
    expect(auth.headers.get("location")).toBe("/portal");

    const anonymous = await run(portalLoader, getRequest("/portal"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth");

    const forged = await run(
      portalLoader,
      getRequest("/portal", "better-auth.session_token=forged.value"),
    );
    expect(forged.headers.get("location")).toBe("/auth");
  });

  it("signs out: the session is revoked and the browser is sent to /", async () => {
    const res = await signIn("thandi@example.co.za", "secret1");
    const cookie = cookiesFrom(res);
    expect(await getCurrentSession(getRequest("/portal", cookie))).not.toBeNull();
    const out = await run(signOutAction, formRequest("/sign-out", {}, { cookie }));
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(out.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await getCurrentSession(getRequest("/portal", cookie))).toBeNull();
  });

  it("never makes anyone admin by signing up, but grants admin to a proven ADMIN_EMAILS address and the CLI", async () => {
    await postSignUp({ email: "someone@example.co.za", password: "secret1" });
    const [someone] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "someone@example.co.za"));
    expect(await getRole(h.handle.db, someone?.id ?? "")).toBeNull();

    await postSignUp({ email: "boss@example.co.za", password: "secret1" });
    const [boss] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "boss@example.co.za"));
    // Not before the address is proven (decision 013).
    expect(await getRole(h.handle.db, boss?.id ?? "")).toBeNull();
    await proveAddress("boss@example.co.za");
    expect(await getRole(h.handle.db, boss?.id ?? "")).toBe("admin");

    expect((await setRoleByEmail(h.handle.db, "Someone@Example.co.za", "admin")).ok).toBe(true);
    expect(await getRole(h.handle.db, someone?.id ?? "")).toBe("admin");
    expect((await setRoleByEmail(h.handle.db, "someone@example.co.za", null)).ok).toBe(true);
    expect(await getRole(h.handle.db, someone?.id ?? "")).toBeNull();
    expect((await setRoleByEmail(h.handle.db, "nobody@example.co.za", "admin")).ok).toBe(false);

    await applyAdminEmails(h.handle.db, ["someone@example.co.za"]);
    expect(await getRole(h.handle.db, someone?.id ?? "")).toBeNull();
    await h.handle.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.id, someone?.id ?? ""));
    await applyAdminEmails(h.handle.db, ["someone@example.co.za"]);
    expect(await getRole(h.handle.db, someone?.id ?? "")).toBe("admin");
  });

  it("refuses a role the database does not know", async () => {
    const [someone] = await h.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "someone@example.co.za"));
    await expect(
      h.handle.db.execute(sql`update user_roles set role = 'owner' where user_id = ${someone?.id}`),
    ).rejects.toThrow();
    const rows = await h.handle.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, someone?.id ?? ""));
    expect(rows[0]?.role).toBe("admin");
  });

  it("rate-limits sign-in attempts per client IP", async () => {
    const { setAuth } = await import("./auth.server");
    setAuth(
      createAuth({
        handle: h.handle,
        env: h.env,
        authRateLimit: 3,
        passwordHashing: testPasswordHashing,
      }),
    );
    try {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await signIn("thandi@example.co.za", "nope-nope", ip)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await signIn("thandi@example.co.za", "secret1", ip);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toBe(
        "Too many attempts. Please wait a minute and try again.",
      );
      // Another address is not affected.
      expect((await signIn("thandi@example.co.za", "secret1", nextIp())).status).toBe(302);
    } finally {
      setAuth(h.auth);
    }
  });

  it("marks the session cookie Secure in production over https", async () => {
    const env = {
      ...h.env,
      NODE_ENV: "production" as const,
      BASE_URL: "https://portal.example.co.za",
    };
    const auth = createAuth({
      handle: h.handle,
      env,
      authRateLimit: 100,
      passwordHashing: testPasswordHashing,
    });
    const res = await auth.handler(
      new Request("https://portal.example.co.za/api/auth/sign-in/email", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: "https://portal.example.co.za",
          "x-client-ip": nextIp(),
        },
        body: JSON.stringify({ email: "thandi@example.co.za", password: "secret1" }),
      }),
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/^__Secure-/);
  });

  it("on https, sign-out clears the __Secure- session cookie better-auth set, even when it fails", async () => {
    const env = {
      ...h.env,
      NODE_ENV: "production" as const,
      BASE_URL: "https://portal.example.co.za",
    };
    const { setAuth } = await import("./auth.server");
    setAuth(
      createAuth({
        handle: h.handle,
        env,
        authRateLimit: 100,
        passwordHashing: testPasswordHashing,
      }),
    );
    try {
      // A cookie naming no session: better-auth cannot sign it out, the browser forgets it anyway.
      const out = await run(
        signOutAction,
        new Request("https://portal.example.co.za/sign-out", {
          method: "POST",
          headers: {
            origin: "https://portal.example.co.za",
            cookie: "__Secure-better-auth.session_token=gone.value",
            "x-client-ip": nextIp(),
          },
        }),
      );
      expect(out.status).toBe(302);
      const cleared = out.headers.getSetCookie().filter((c) => /session_token=;/.test(c));
      expect(cleared.length).toBeGreaterThan(0);
      for (const c of cleared) {
        expect(c).toMatch(/^__Secure-better-auth\.session_token=;/);
        expect(c).toMatch(/;\s*Secure/i);
        expect(c).toMatch(/Max-Age=0/i);
      }
    } finally {
      setAuth(h.auth);
    }
  });

  it("hashes passwords with better-auth's scrypt unless a test gives its own hashing", async () => {
    // Production's auth (no passwordHashing): better-auth's scrypt, salt:key in hex.
    const production = createAuth({ handle: h.handle, env: h.env, authRateLimit: 100 });
    const res = await production.handler(
      new Request(`${h.env.BASE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: h.env.BASE_URL,
          "x-client-ip": nextIp(),
        },
        body: JSON.stringify({
          email: "scrypt@example.co.za",
          password: "scrypt-secret",
          name: "Sipho Dlamini",
        }),
      }),
    );
    expect(res.status).toBe(200);
    const stored = async (email: string) => {
      const [row] = await h.handle.db
        .select({ password: account.password })
        .from(account)
        .innerJoin(user, eq(user.id, account.userId))
        .where(eq(user.email, email));
      return row?.password ?? "";
    };
    const hash = await stored("scrypt@example.co.za");
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: "scrypt-secret" })).toBe(true);
    expect(await verifyPassword({ hash, password: "scrypt-secreT" })).toBe(false);
    // The harness's auth hashes with the tests' cheap scrypt, and still checks a real one.
    expect(await stored("thandi@example.co.za")).toMatch(/^test-scrypt-n16:/);
    expect((await signIn("scrypt@example.co.za", "scrypt-secret")).status).toBe(302);
    expect((await signIn("scrypt@example.co.za", "scrypt-secreT")).status).toBe(401);
  });

  it("never sends the password hash or the secret to the browser", async () => {
    const res = await signIn("thandi@example.co.za", "secret1");
    const session = await h.auth.api.getSession({
      headers: new Headers({ cookie: cookiesFrom(res) }),
    });
    const json = JSON.stringify(session);
    expect(json).not.toContain(h.env.AUTH_SECRET);
    expect(json).not.toMatch(/password/i);
  });
});
