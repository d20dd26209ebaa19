/**
 * The signed-in user's sessions (better-auth's `session` rows): list them, sign out one or all
 * others. Every query carries the owner's id, so nobody can see or end another user's
 * sessions. Ending a session tells its open portal tabs to leave (the `session-ended` event).
 */
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { describeUserAgent } from "~/lib/user-agent";
import type { Database } from "../db/client.server";
import { session } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { publish } from "../workspace/events.server";

export interface SessionSummary {
  id: string;
  /** "Chrome on Windows" */
  device: string;
  ipAddress: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  /** The session of the request asking. */
  current: boolean;
}

/** The user's unexpired sessions, this one first, then the most recently active. */
export async function listSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(
      sql`${session.id} = ${currentSessionId} desc`,
      desc(session.updatedAt),
      desc(session.id),
    );
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt,
    lastActiveAt: row.updatedAt,
    current: row.id === currentSessionId,
  }));
}

/** Is this session still there and unexpired? (Open event streams check now and then.) */
export async function sessionIsActive(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

function announce(userId: string, sessionIds: string[]) {
  if (sessionIds.length > 0) publish({ kind: "session-ended", userIds: [userId], sessionIds });
}

/**
 * Sign out one of the user's other sessions. Refused when it is the session asking (that one
 * signs out through /sign-out), or is not theirs or does not exist.
 */
export async function revokeSession(
  db: Database,
  userId: string,
  sessionId: string,
  currentSessionId: string,
): Promise<Outcome> {
  if (sessionId === currentSessionId) {
    return refused(400, "This is the session you are using. Use Sign out instead.");
  }
  const rows = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  announce(
    userId,
    rows.map((r) => r.id),
  );
  return rows.length > 0 ? { ok: true } : refused(404, "Session not found");
}

/** Sign out every session of the user but this one. Returns how many ended. */
export async function revokeOtherSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)))
    .returning({ id: session.id });
  announce(
    userId,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** Sign out every session of the user (deleting the account). Returns how many ended. */
export async function endAllSessions(db: Database, userId: string): Promise<number> {
  const rows = await db
    .delete(session)
    .where(eq(session.userId, userId))
    .returning({ id: session.id });
  announce(
    userId,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** "Last active" is kept to this precision: a session used more often is not written again. */
export const TOUCH_EVERY_MS = 5 * 60_000;

/**
 * Record that a session was used, for "last active": only when its stored activity
 * (`lastActiveAt`, read with the session) is older than TOUCH_EVERY_MS, so a request writes
 * nothing in between, whichever instance serves it. better-auth's sliding expiry does not read
 * `updated_at`, so this changes nothing else.
 */
export async function touchSession(
  db: Database,
  sessionId: string,
  lastActiveAt: Date,
  now = Date.now(),
) {
  if (now - lastActiveAt.getTime() < TOUCH_EVERY_MS) return;
  await db
    .update(session)
    .set({ updatedAt: new Date(now) })
    .where(and(eq(session.id, sessionId), lt(session.updatedAt, new Date(now - TOUCH_EVERY_MS))));
}
