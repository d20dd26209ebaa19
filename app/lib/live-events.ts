/**
 * The realtime events' shape, shared by the server (app/server/workspace/events.server.ts, the
 * SSE route) and the portal's browser code (components/portal/live-updates.ts). Decision 012.
 */

/** What a "change" event can say changed. */
export type ChangeKind =
  | "projects"
  | "messages"
  | "files"
  | "milestones"
  | "approvals"
  | "clients"
  | "notifications"
  | "billing";
export const CHANGE_KINDS: readonly ChangeKind[] = [
  "projects",
  "messages",
  "files",
  "milestones",
  "approvals",
  "clients",
  "notifications",
  "billing",
];

/** The header a portal tab sends with its form posts, naming itself. */
export const CLIENT_ID_HEADER = "x-client-id";

/** A client id is short and plain: anything else is treated as none. */
export function readClientId(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : null;
}

/** The data of a "change" event on /api/events: what changed, and who changed it from where. */
export interface ChangeMessage {
  kind: ChangeKind;
  by: { userId: string | null; clientId: string | null };
}

/** A route's `handle.live`: the kinds of change its loader's data depends on. */
export interface LiveHandle {
  live?: readonly ChangeKind[];
}

/**
 * Should this tab reload for this event? Not for its own change (its action already reloaded
 * it), nor for a change that no route on the page shows.
 */
export function shouldReload(
  message: ChangeMessage,
  tab: { clientId: string; kinds: readonly ChangeKind[] },
): boolean {
  if (message.by.clientId !== null && message.by.clientId === tab.clientId) return false;
  return tab.kinds.includes(message.kind);
}

/** The "change" event's data, or null for anything malformed. */
export function parseChangeMessage(data: string): ChangeMessage | null {
  try {
    const value = JSON.parse(data) as Partial<ChangeMessage> | null;
    if (!value || !CHANGE_KINDS.includes(value.kind as ChangeKind)) return null;
    const by = value.by ?? { userId: null, clientId: null };
    return {
      kind: value.kind as ChangeKind,
      by: {
        userId: typeof by.userId === "string" ? by.userId : null,
        clientId: typeof by.clientId === "string" ? by.clientId : null,
      },
    };
  } catch {
    return null;
  }
}

/** The kinds of change the routes on the page depend on (from their `handle.live`). */
export function liveKinds(matches: readonly { handle?: unknown }[]): ChangeKind[] {
  return [...new Set(matches.flatMap((m) => (m.handle as LiveHandle | undefined)?.live ?? []))];
}
