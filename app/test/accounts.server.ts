import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { getDb } from "~/server/db/client.server";
import { profiles, user } from "~/server/db/schema.server";
import { cookiesFrom, formRequest, nextIp, run } from "./harness.server";

/** The password `signUp` gives everyone unless told otherwise. */
export const TEST_PASSWORD = "secret1";

export interface SignedUp {
  id: string;
  email: string;
  /** The client the sign-up created for them (decision 018). */
  clientId: string;
  /** The new session's cookie, without the one-time toast cookie. */
  cookie: string;
}

/** Drops the one-time toast cookie from a cookie header, keeping the session. */
export function withoutToast(cookie: string) {
  return cookie.replace(/;?\s*toast=[^;]*/, "");
}

/**
 * Signs someone up through the sign-up form, as the browser posts it (the /auth action, from its
 * own client address so rate limits stay per test), and fails the test unless it succeeds.
 * Needs a harness (`createHarness`) to be in place.
 */
export async function signUp(
  email: string,
  {
    fullName = "Naledi Dlamini",
    password = TEST_PASSWORD,
    ip = nextIp(),
    fields = {},
  }: {
    fullName?: string;
    password?: string;
    ip?: string;
    /** More of the form's fields, such as the marketing opt-in (`marketing: "yes"`). */
    fields?: Record<string, string>;
  } = {},
): Promise<SignedUp> {
  const res = await run(
    authAction,
    formRequest("/auth", { intent: "signup", email, password, fullName, ...fields }, { ip }),
  );
  expect(res.status, `sign-up of ${email}`).toBe(302);
  const db = await getDb();
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  expect(row, `the account of ${email}`).toBeDefined();
  const [profile] = await db
    .select({ clientId: profiles.clientId })
    .from(profiles)
    .where(eq(profiles.id, row?.id ?? ""));
  return {
    id: row?.id ?? "",
    email,
    clientId: profile?.clientId ?? "",
    cookie: withoutToast(cookiesFrom(res)),
  };
}
