/**
 * better-auth's database adapter with one read made cheap: the session by its token, joined
 * with its user, which better-auth asks for on every signed-in request (`getSession` →
 * `findSession`, after it has verified the signed cookie itself, decision 003). That read
 * becomes a prepared statement (decision 025): the same row and shape as better-auth's own
 * joined read (`session-lookup.server.test.ts` compares them), without drizzle building the
 * relational query and better-auth transforming it on every request. Everything else, and
 * this read inside a better-auth transaction, goes through the adapter unchanged.
 *
 * The portal reads the person's profile and role right after the session, so a portal request
 * asks for both at once (`withPortalUser`): the same statement also reads the profile, and
 * hands it to the portal beside the session better-auth goes on to check. One statement for
 * both; should that read fail, the session is read alone and the portal reads the profile
 * itself (a failed profile load is logged and the portal still opens). The same statement reads
 * where the portal's data stands, so a kept page (workspace/kept-pages.server.ts) costs no other.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { DBAdapter } from "better-auth";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { prepared } from "../db/prepared.server";
import { session, user } from "../db/schema.server";
import { logger } from "../logger.server";
import { keptPageChanges } from "../workspace/kept-pages.server";
import {
  joinPortalUser,
  type PortalUserRow,
  portalUserColumns,
  toPortalUser,
} from "./profiles.server";

type FindOne = Parameters<DBAdapter["findOne"]>[0];

/** better-auth's `findSession(token)`: `{ model: "session", where token = …, join: { user } }`. */
function sessionToken(query: FindOne): string | null {
  const [where, ...more] = query.where;
  if (query.model !== "session" || more.length > 0 || query.select?.length) return null;
  const join = Object.keys(query.join ?? {});
  if (join.length !== 1 || join[0] !== "user") return null;
  if (where?.field !== "token" || typeof where.value !== "string") return null;
  if ((where.operator ?? "eq") !== "eq" || (where.mode ?? "sensitive") !== "sensitive") return null;
  return where.value;
}

/** Where a portal request's session read leaves the profile it read too. */
interface PortalUserSlot {
  portalUser?: PortalUserRow;
  /** Where the portal's kept pages' data stands, read in the same statement (decision 029). */
  changes?: number;
}
const portalUserSlot = new AsyncLocalStorage<PortalUserSlot>();

/**
 * Run `read` (a session read through better-auth) so that its statement also reads the
 * person's profile and role: the profile of the user whose session was read, or null when the
 * session was not found or the profile could not be read with it.
 */
export async function withPortalUser<T>(
  read: () => Promise<T>,
): Promise<{ result: T; portalUser: PortalUserRow | null; changes: number | null }> {
  const slot: PortalUserSlot = {};
  const result = await portalUserSlot.run(slot, read);
  return { result, portalUser: slot.portalUser ?? null, changes: slot.changes ?? null };
}

const sessionColumns = { ...getTableColumns(session), user: getTableColumns(user) };

/** The session with this token and its user, as better-auth's joined read returns it. */
export async function findSessionByToken(db: Database, token: string) {
  const slot = portalUserSlot.getStore();
  if (slot) {
    try {
      const [row] = await prepared(
        db,
        "session_by_token_with_portal_user",
        (name) =>
          joinPortalUser(
            db
              .select({
                ...sessionColumns,
                portalUser: portalUserColumns,
                portalChanges: keptPageChanges(),
              })
              .from(session)
              .innerJoin(user, eq(user.id, session.userId))
              .$dynamic(),
          )
            .where(eq(session.token, sql.placeholder("token")))
            .limit(1)
            .prepare(name),
        // On PGlite, kept until the next write (decision 030): a repeat request sends nothing.
        { kept: true },
      ).execute({ token });
      if (!row) return null;
      const { portalUser, portalChanges, ...found } = row;
      slot.portalUser = toPortalUser(portalUser);
      slot.changes = portalChanges;
      return found;
    } catch (error) {
      // The spec: a failed profile or role load is logged and the portal still opens.
      logger.error({ err: error }, "profile or role failed to load with the session");
    }
  }
  const [row] = await prepared(
    db,
    "session_by_token",
    (name) =>
      db
        .select(sessionColumns)
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(eq(session.token, sql.placeholder("token")))
        .limit(1)
        .prepare(name),
    { kept: true },
  ).execute({ token });
  return row ?? null;
}

/** `adapter`, with better-auth's session-by-token read answered by `findSessionByToken`. */
export function withPreparedSessionRead<A extends DBAdapter>(adapter: A, db: Database): A {
  return {
    ...adapter,
    findOne: ((query: FindOne) => {
      const token = sessionToken(query);
      return token === null ? adapter.findOne(query) : findSessionByToken(db, token);
    }) as A["findOne"],
  };
}
