import { redirect } from "react-router";
import { getAuth } from "./auth.server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  /** When the session was last recorded as active (its `updated_at`). */
  lastActiveAt: Date;
  /** Set-Cookie headers from a sliding-expiry refresh, to pass on with the response. */
  headers: Headers;
}

/**
 * The signed-in user of this request, or null. Never throws for a bad or missing cookie.
 * One query: better-auth reads the session joined with its user (auth.server.ts).
 */
export async function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const data = result.response;
  if (!data) return null;
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return {
    user: { id: data.user.id, email: data.user.email, name: data.user.name },
    sessionId: data.session.id,
    lastActiveAt: new Date(data.session.updatedAt),
    headers,
  };
}

/** The signed-in user, or a redirect to /auth. */
export async function requireSession(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current) throw redirect("/auth");
  return current;
}
