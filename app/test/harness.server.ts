import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Auth, createAuth, setAuth } from "~/server/accounts/auth.server";
import { type DatabaseHandle, setDatabase } from "~/server/db/client.server";
import { createTestDatabase } from "~/server/db/test-db.server";
import { type Env, parseEnv, setEnv } from "~/server/env.server";
import { testPasswordHashing } from "./password-hash.server";

export const BASE_URL = "http://localhost:3000";

export interface Harness {
  handle: DatabaseHandle;
  env: Env;
  auth: Auth;
  close(): Promise<void>;
}

/** A fresh database, settings and auth instance wired in as the app's own. */
export async function createHarness(
  overrides: Record<string, string> = {},
  options: { authRateLimit?: number } = {},
): Promise<Harness> {
  const handle = await createTestDatabase();
  const env = parseEnv({
    NODE_ENV: "test",
    BASE_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "agency-test-")),
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    ...overrides,
  });
  const auth = createAuth({
    handle,
    env,
    authRateLimit: options.authRateLimit ?? 1000,
    passwordHashing: testPasswordHashing,
  });
  setEnv(env);
  setDatabase(handle);
  setAuth(auth);
  return {
    handle,
    env,
    auth,
    async close() {
      setAuth(undefined);
      setDatabase(undefined);
      setEnv(undefined);
      await handle.close();
    },
  };
}

let ipCounter = 0;
/**
 * A distinct client address per caller, so rate limits apply per test as configured: never the
 * same one twice in a worker (it runs many files one after another), one range per worker, and
 * never one of the 203.0.113.x addresses tests write by hand.
 */
export function nextIp() {
  ipCounter += 1;
  const worker = Number(process.env.VITEST_POOL_ID ?? 0) % 256;
  return `10.${worker}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function formRequest(
  pathname: string,
  fields: Record<string, string>,
  init: { cookie?: string; ip?: string; origin?: string; userAgent?: string } = {},
) {
  const headers = new Headers({
    "content-type": "application/x-www-form-urlencoded",
    origin: init.origin ?? BASE_URL,
    "x-client-ip": init.ip ?? "198.51.100.1",
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.userAgent) headers.set("user-agent", init.userAgent);
  return new Request(new URL(pathname, BASE_URL), {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
}

export function getRequest(pathname: string, cookie?: string) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL(pathname, BASE_URL), { headers });
}

/** "name=value; name2=value2" from a response's Set-Cookie headers (ignoring deletions). */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

/** Call a route module's action or loader the way the router does. */
export async function run<T extends (args: never) => unknown>(
  fn: T,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    const result = await (fn as unknown as (a: object) => unknown)({
      request,
      params,
      context: {},
    });
    return toResponse(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const asData = toResponse(thrown, true);
    if (asData) return asData;
    throw thrown;
  }
}

function toResponse(value: unknown, strict = false): Response {
  if (value instanceof Response) return value;
  if (
    value &&
    typeof value === "object" &&
    (value as { type?: string }).type === "DataWithResponseInit"
  ) {
    const d = value as { data: unknown; init: ResponseInit | null };
    return Response.json(d.data, d.init ?? undefined);
  }
  if (strict) return undefined as unknown as Response;
  return Response.json(value ?? null);
}
