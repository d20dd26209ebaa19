import { getAuth } from "~/server/auth.server";
import type { Route } from "./+types/auth";

/** better-auth's HTTP API, mounted at /api/auth/*. */
async function handle(request: Request) {
  const auth = await getAuth();
  return auth.handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
