import { getAuth } from "~/server/accounts/auth.server";
import type { Route } from "./+types/auth";

/**
 * No better-auth endpoint has a long path, and its rate limiter stores one row per client and
 * path: a path of a few KB would overflow the key's index on PostgreSQL (a 500) and let anyone
 * write rows of any size. Longer paths are answered here.
 */
const MAX_PATH_LENGTH = 256;

/** better-auth's HTTP API, mounted at /api/auth/*. */
async function handle(request: Request) {
  if (new URL(request.url).pathname.length > MAX_PATH_LENGTH) {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  const auth = await getAuth();
  return auth.handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
