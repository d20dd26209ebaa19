/**
 * The event bus behind the realtime stream. In one process (PGlite) events go through an
 * in-memory emitter; on PostgreSQL they travel by NOTIFY/LISTEN so every app instance sees them.
 * Events carry only ids: what changed, for whom, and who changed it from which browser tab
 * (decision 012). Nothing private travels on the bus.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type pg from "pg";
import type { ChangeKind } from "~/lib/live-events";
import type { DatabaseHandle } from "../db/client.server";
import { logger } from "../logger.server";

/**
 * Who may hear of a change: every signed-in person of these clients, these people, and every
 * administrator (staff see all clients, decision 018).
 */
export interface Audience {
  clientIds: string[];
  userIds?: string[];
}

export type AppEvent =
  | {
      kind: ChangeKind;
      audience: Audience;
      /** Who made the change, and from which tab (null: no tab named itself). */
      by: { userId: string | null; clientId: string | null };
    }
  | { kind: "session-ended"; userIds: string[]; sessionIds: string[] }
  /** These people's client or role changed: their open streams end, and reconnect as who they are now. */
  | { kind: "access-changed"; userIds: string[] };

/**
 * The person listening on a stream: their client, whether they are an administrator, and a
 * team member's assigned clients (decision 065).
 */
export interface Listener {
  userId: string;
  clientId: string | null;
  isAdmin: boolean;
  assignedClientIds?: string[];
}

/** Whether this event is for this listener. */
export function concerns(event: AppEvent, who: Listener): boolean {
  if (event.kind === "session-ended" || event.kind === "access-changed") {
    return event.userIds.includes(who.userId);
  }
  if (event.audience.userIds?.includes(who.userId)) return true;
  // Administrators hear of every client's changes (not of one person's read marks); a team
  // member of their assigned clients'.
  if (who.isAdmin) return event.audience.clientIds.length > 0;
  if (who.assignedClientIds) {
    const assigned = who.assignedClientIds;
    return event.audience.clientIds.some((id) => assigned.includes(id));
  }
  return who.clientId !== null && event.audience.clientIds.includes(who.clientId);
}

/** The tab a request came from, for the events it causes (set by the portal's middleware). */
const requestClient = new AsyncLocalStorage<{ clientId: string | null }>();

/**
 * Run `handle` knowing which browser tab asked for it (the portal's middleware reads the
 * request's `X-Client-Id`: routes/portal/context.server.ts `withEventOrigin`). With no tab
 * (a page opened, a form posted without scripts) it runs as it is: `publishChange` reads no
 * tab either way, and the context cost every portal page's request.
 */
export function withTab<T>(tab: string | null, handle: () => T): T {
  return tab === null ? handle() : requestClient.run({ clientId: tab }, handle);
}

/**
 * Tell everyone entitled to see it that `kind` changed for these clients (their contacts and
 * every administrator), made by `actorId` from the current request's tab.
 */
export function publishChange(kind: ChangeKind, audience: Audience, actorId: string | null) {
  const clientId = requestClient.getStore()?.clientId ?? null;
  publish({
    kind,
    audience: {
      clientIds: [...new Set(audience.clientIds)],
      ...(audience.userIds ? { userIds: [...new Set(audience.userIds)] } : {}),
    },
    by: { userId: actorId, clientId },
  });
}

/**
 * A change of these people's client or role (a contact moved to another client, an
 * administrator's role removed or granted): their open event streams end at once, on every
 * instance, so none carries another client's events until its next session check.
 */
export function publishAccessChanged(userIds: string[]) {
  if (userIds.length > 0) publish({ kind: "access-changed", userIds: [...new Set(userIds)] });
}

/** The event streams one session may hold open at once (tabs, windows); more are refused. */
export const MAX_STREAMS_PER_SESSION = 10;
const openStreams = new Map<string, number>();

/**
 * Take one of the session's places for an event stream; null when all are taken. The returned
 * function gives the place back (once).
 */
export function takeStreamPlace(sessionId: string): (() => void) | null {
  const open = openStreams.get(sessionId) ?? 0;
  if (open >= MAX_STREAMS_PER_SESSION) return null;
  openStreams.set(sessionId, open + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (openStreams.get(sessionId) ?? 1) - 1;
    if (left > 0) openStreams.set(sessionId, left);
    else openStreams.delete(sessionId);
  };
}

const CHANNEL = "app_events";
const local = new EventEmitter();
local.setMaxListeners(0);

interface Transport {
  send(event: AppEvent): void;
  stop(): Promise<void>;
}
let transport: Transport | null = null;

export function publish(event: AppEvent) {
  if (transport) transport.send(event);
  else local.emit("event", event);
}

/** Events that concern this person. Returns the unsubscribe function. */
export function subscribe(who: Listener, listener: (event: AppEvent) => void): () => void {
  const handler = (event: AppEvent) => {
    if (concerns(event, who)) listener(event);
  };
  local.on("event", handler);
  return () => local.off("event", handler);
}

function isAppEvent(value: unknown): value is AppEvent {
  if (!value || typeof value !== "object") return false;
  const v = value as { kind?: unknown; userIds?: unknown; audience?: { clientIds?: unknown } };
  if (v.kind === "session-ended" || v.kind === "access-changed") return Array.isArray(v.userIds);
  return typeof v.kind === "string" && Array.isArray(v.audience?.clientIds);
}

/** On PostgreSQL: carry events between instances with LISTEN/NOTIFY; reconnects after a drop. */
export async function startEventBus(handle: DatabaseHandle) {
  if (handle.driver !== "postgres" || !handle.pool) return;
  const pool = handle.pool;
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    try {
      const c = await pool.connect();
      c.on("notification", (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          const event = JSON.parse(msg.payload);
          if (isAppEvent(event)) local.emit("event", event);
        } catch {
          logger.warn("ignored a malformed event");
        }
      });
      c.on("error", () => {
        c.release(true);
        if (client === c) client = null;
        if (!stopped) retry = setTimeout(connect, 1000);
      });
      await c.query(`listen ${CHANNEL}`);
      client = c;
    } catch (error) {
      logger.warn({ err: error }, "event bus: LISTEN failed, retrying");
      if (!stopped) retry = setTimeout(connect, 1000);
    }
  };
  await connect();

  transport = {
    send(event) {
      pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]).catch((error) => {
        logger.warn({ err: error }, "event bus: NOTIFY failed");
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      if (client) {
        await client.query(`unlisten ${CHANNEL}`).catch(() => {});
        client.release();
        client = null;
      }
    },
  };
}

export async function stopEventBus() {
  endEventStreams();
  const t = transport;
  transport = null;
  await t?.stop();
}

let stopping = false;
/**
 * This process is shutting down (SIGTERM/SIGINT): a stream asked for now, on a connection kept
 * alive from before, is refused (503) rather than opened and said 'ready' — a page that reloads
 * its data on 'ready' would ask a server about to go, and lose what is typed in it (decision 148).
 */
export function markShuttingDown(value = true) {
  stopping = value;
}
export function isShuttingDown() {
  return stopping;
}

/** Ask every open event stream to close (graceful shutdown). */
export function endEventStreams() {
  local.emit("shutdown");
}

/** Listen for shutdown, so open streams can close. */
export function onShutdown(listener: () => void): () => void {
  local.on("shutdown", listener);
  return () => local.off("shutdown", listener);
}
