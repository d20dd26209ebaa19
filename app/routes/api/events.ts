import type { ChangeMessage } from "~/lib/live-events";
import { getCurrentSession } from "~/routes/session.server";
import { getPortalUser, isAdmin } from "~/server/accounts/profiles.server";
import { sessionIsActive } from "~/server/accounts/sessions.server";
import { getDb } from "~/server/db/client.server";
import { assignedClientIds } from "~/server/team/assignments.server";
import {
  isShuttingDown,
  type Listener,
  onShutdown,
  subscribe,
  takeStreamPlace,
} from "~/server/workspace/events.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;
const SESSION_CHECK_MS = 30_000;

async function sessionStillValid(sessionId: string) {
  return sessionIsActive(await getDb(), sessionId);
}

/**
 * Who is listening: their client and role (and a team member's assigned clients) decide which
 * events reach them (decisions 018 and 065).
 */
async function listenerFor(userId: string): Promise<Listener> {
  const db = await getDb();
  const person = await getPortalUser(db, userId);
  return {
    userId,
    clientId: person?.clientId ?? null,
    isAdmin: person ? isAdmin(person) : false,
    ...(person?.role === "team" ? { assignedClientIds: await assignedClientIds(db, userId) } : {}),
  };
}

/**
 * The realtime stream of one signed-in browser (Server-Sent Events). It carries only the
 * signed-in user's own events: "change" (what changed and who changed it from which tab, see
 * ChangeMessage) and "session-ended". It ends when the person's client or role changes; a
 * session holds at most MAX_STREAMS_PER_SESSION open at once (more: 429).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentSession(request);
  if (!current) {
    return Response.json({ error: "Not signed in" }, { status: 401 });
  }
  if (isShuttingDown()) {
    return Response.json(
      { error: "The server is restarting" },
      { status: 503, headers: { "Retry-After": "2" } },
    );
  }
  const { user, sessionId } = current;
  const givePlaceBack = takeStreamPlace(sessionId);
  if (!givePlaceBack) {
    return Response.json(
      { error: "Too many open event streams for this session" },
      { status: 429, headers: { "Retry-After": "30" } },
    );
  }
  // Mutable: refreshed at each session check (a role or client change also ends the stream).
  let who: Listener;
  try {
    who = await listenerFor(user.id);
  } catch (error) {
    givePlaceBack();
    throw error;
  }
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const write = (chunk: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const send = (event: string, data: unknown) =>
        write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

      const end = () => {
        send("session-ended", {});
        cleanup();
      };
      const unsubscribe = subscribe(who, (event) => {
        // The person's client or role changed: this stream was for who they were. It ends; the
        // page reloads its data and reconnects as who they are now.
        if (event.kind === "access-changed") cleanup();
        else if (event.kind === "session-ended") {
          if (event.sessionIds.includes(sessionId)) end();
          // Others of the user's sessions ended (a password reset ends them all): is this one
          // still there?
          else
            sessionStillValid(sessionId)
              .then((ok) => {
                if (!ok) end();
              })
              .catch(() => {});
        } else {
          const change: ChangeMessage = { kind: event.kind, by: event.by };
          send("change", change);
        }
      });
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      const check = setInterval(() => {
        sessionStillValid(sessionId)
          .then(async (ok) => {
            if (!ok) return end();
            Object.assign(who, await listenerFor(user.id));
          })
          .catch(() => {});
      }, SESSION_CHECK_MS);
      const offShutdown = onShutdown(() => cleanup());

      cleanup = () => {
        if (closed) return;
        closed = true;
        givePlaceBack();
        unsubscribe();
        offShutdown();
        clearInterval(heartbeat);
        clearInterval(check);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", () => cleanup());
      if (request.signal.aborted) cleanup();

      write("retry: 3000\n\n");
      send("ready", {});
    },
    cancel() {
      cleanup();
    },
  });

  const headers = new Headers(current.headers);
  headers.set("Content-Type", "text/event-stream; charset=utf-8");
  headers.set("Cache-Control", "no-store, no-transform");
  headers.set("Connection", "keep-alive");
  headers.set("X-Accel-Buffering", "no");
  return new Response(stream, { headers });
}
