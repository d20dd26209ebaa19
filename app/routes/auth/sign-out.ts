import { redirect } from "react-router";
import { signOut } from "~/server/accounts.server";
import { publish } from "~/server/events.server";
import { getCurrentSession } from "~/server/session.server";
import type { Route } from "./+types/sign-out";

export async function action({ request }: Route.ActionArgs) {
  const current = await getCurrentSession(request).catch(() => null);
  const result = await signOut(request);
  const headers = result.ok ? result.headers : new Headers();
  // Whatever the auth server said, the browser forgets its session cookie.
  headers.append(
    "Set-Cookie",
    "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
  );
  if (current) {
    // Other open tabs of this session leave the portal too.
    publish({ kind: "session-ended", userIds: [current.user.id], sessionIds: [current.sessionId] });
  }
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
