/**
 * Sign-up, sign-in and sign-out from our own form actions. They go through better-auth's HTTP
 * handler (not auth.api) so its rate limits, origin checks and cookies apply exactly as for
 * its own endpoints.
 */
import { eq } from "drizzle-orm";
import type { SignInInput, SignUpInput } from "~/lib/validation/auth";
import { getAuth } from "./auth.server";
import { getDb } from "./db/client.server";
import { profiles } from "./db/schema.server";

export type AuthResult =
  | { ok: true; headers: Headers }
  | { ok: false; status: number; message: string };

const FORWARDED = ["cookie", "user-agent", "x-client-ip", "origin", "accept-language"];

async function callAuth(request: Request, path: string, body: unknown): Promise<AuthResult> {
  const auth = await getAuth();
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("origin")) headers.set("origin", new URL(request.url).origin);
  const response = await auth.handler(
    new Request(new URL(`/api/auth${path}`, request.url), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  if (response.ok) {
    const out = new Headers();
    for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
    return { ok: true, headers: out };
  }
  const payload = (await response.json().catch(() => null)) as { message?: string } | null;
  const message =
    response.status === 429
      ? "Too many attempts. Please wait a minute and try again."
      : payload?.message || "Something went wrong. Please try again.";
  return { ok: false, status: response.status >= 500 ? 503 : response.status, message };
}

export function signUp(request: Request, input: SignUpInput) {
  return callAuth(request, "/sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.fullName,
  });
}

export function signIn(request: Request, input: SignInInput) {
  return callAuth(request, "/sign-in/email", {
    email: input.email,
    password: input.password,
    rememberMe: true,
  });
}

export function signOut(request: Request) {
  return callAuth(request, "/sign-out", {});
}

export async function getProfileName(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.fullName ?? null;
}
