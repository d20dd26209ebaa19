/**
 * The portal routes' context: who is asking, what they may see and whether they may write, read
 * once per request (`requireUser`) from the session, its person and the 'view as' cookie. Every
 * portal loader and action starts here and hands plain values (`db`, `scope`, the person) to
 * the domain functions of app/server.
 */
import { redirect } from "react-router";
import { CLIENT_ID_HEADER, readClientId } from "~/lib/live-events";
import {
  getPortalUser,
  isAdmin,
  isStaff,
  type PortalUser,
} from "~/server/accounts/profiles.server";
import { mustEnableTwoFactor } from "~/server/accounts/security-policy.server";
import { withPortalUser } from "~/server/accounts/session-lookup.server";
import { touchSession } from "~/server/accounts/sessions.server";
import { findClient } from "~/server/clients/clients.server";
import { type Database, getDb } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { withTab } from "~/server/workspace/events.server";
import {
  ALL_CLIENTS,
  findProject,
  PROJECT_NOT_FOUND,
  type ProjectRef,
  type Scope,
} from "~/server/workspace/scope.server";
import { forbidden, notFound } from "../refuse.server";
import { requireSession } from "../session.server";
import { readViewAs } from "./view-as.server";

export interface PortalContext {
  db: Database;
  user: PortalUser;
  sessionId: string;
  /** A cancelled account deletion waits to be told (the layout tells it, once). */
  deletionCancelled: boolean;
  /** Set-Cookie headers of a sliding-expiry refresh. */
  headers: Headers;
  /** The person really is an administrator (even while viewing as a client). */
  isAdmin: boolean;
  /** Agency staff: an administrator or a team member (decision 065). */
  isStaff: boolean;
  /**
   * What the person may see: every client (an administrator), their assigned clients (a team
   * member) or one (a contact; viewing as).
   */
  scope: Scope;
  /** The client whose portal this is: a contact's own, the one viewed as, or null (staff). */
  clientId: string | null;
  /** An administrator viewing as a client: the client's name, and nothing may be written. */
  viewingAs: { clientId: string; name: string } | null;
  readOnly: boolean;
  /** Where the kept pages' data stands, read with the session (workspace/kept-pages.server.ts). */
  changes: number | null;
}

const perRequest = new WeakMap<Request, Promise<PortalContext>>();

/**
 * Per request: the session, its user, profile and role (one statement, read by better-auth's
 * session check: accounts/session-lookup.server.ts), and a write only when the session's
 * recorded activity is older than a few minutes.
 */
async function load(request: Request): Promise<PortalContext> {
  const {
    result: session,
    portalUser,
    changes,
  } = await withPortalUser(() => requireSession(request));
  const db = await getDb();
  await touchSession(db, session.sessionId, session.lastActiveAt).catch((error) => {
    logger.warn({ err: error }, "could not record session activity");
  });
  let user: PortalUser = {
    id: session.user.id,
    email: session.user.email,
    fullName: null,
    role: null,
    clientId: null,
    clientName: null,
    twoFactorEnabled: false,
    unreadNotifications: 0,
  };
  let deletionCancelled = false;
  try {
    const row =
      portalUser?.id === session.user.id ? portalUser : await getPortalUser(db, session.user.id);
    if (row) ({ deletionCancelled, ...user } = row);
  } catch (error) {
    // The spec: a failed profile or role load is logged and the portal still opens.
    logger.error({ err: error }, "profile or role failed to load");
  }
  if (portalPath(request) !== SETTINGS_PATH && (await mustEnableTwoFactor(db, user))) {
    throw redirect(SETTINGS_PATH, { headers: session.headers });
  }
  const admin = isAdmin(user);
  const viewingAs = admin ? await viewedClient(db, request) : null;
  const clientId = viewingAs?.clientId ?? user.clientId;
  const scope: Scope =
    admin && !viewingAs
      ? ALL_CLIENTS
      : user.role === "team"
        ? { kind: "team", userId: user.id }
        : clientScope(clientId);
  // Viewing as a client writes nothing: every portal action is refused here, before it runs,
  // except the one that stops viewing.
  if (viewingAs && !SAFE_METHODS.has(request.method) && portalPath(request) !== VIEW_AS_PATH) {
    throw forbidden(READ_ONLY_MESSAGE);
  }
  return {
    db,
    user,
    sessionId: session.sessionId,
    deletionCancelled,
    headers: session.headers,
    isAdmin: admin,
    isStaff: isStaff(user),
    scope,
    clientId,
    viewingAs,
    readOnly: viewingAs !== null,
    changes,
  };
}

/** A contact's scope; a person with no client (never expected) sees nothing. */
function clientScope(clientId: string | null): Scope {
  return { kind: "client", clientId: clientId ?? "00000000-0000-0000-0000-000000000000" };
}

async function viewedClient(db: Database, request: Request) {
  const clientId = await readViewAs(request);
  const client = clientId ? await findClient(db, clientId) : null;
  return client ? { clientId: client.id, name: client.name } : null;
}

export const READ_ONLY_MESSAGE =
  "You are viewing the portal as a client. Stop viewing as the client to make changes.";

/** Refuse a write (403) while an administrator is viewing as a client. */
export function assertCanWrite(ctx: Pick<PortalContext, "readOnly">) {
  if (ctx.readOnly) throw forbidden(READ_ONLY_MESSAGE);
}

export const SETTINGS_PATH = "/portal/settings";
/** Start and stop viewing as a client (routes/portal/view-as.ts). */
export const VIEW_AS_PATH = "/portal/view-as";
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** The page path of a document or data request ("/portal/settings.data" → "/portal/settings"). */
function portalPath(request: Request) {
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
}

/**
 * The signed-in portal user (profile and role) or a redirect to /auth. Loaded once per request
 * even when several loaders of the same request ask.
 */
export function requireUser(request: Request): Promise<PortalContext> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = load(request);
    perRequest.set(request, pending);
  }
  return pending;
}

/** An admin, or a thrown 403 with the spec's no-permission text (shown inside the portal). */
export async function requireAdmin(request: Request): Promise<PortalContext> {
  const ctx = await requireUser(request);
  if (!ctx.isAdmin) throw forbidden();
  return ctx;
}

/**
 * Agency staff (an administrator, or a team member working on their assigned clients), or a
 * thrown 403: the pages of the clients themselves (Clients, a client's page).
 */
export async function requireStaff(request: Request): Promise<PortalContext> {
  const ctx = await requireUser(request);
  if (!ctx.isStaff) throw forbidden();
  return ctx;
}

/** A project the person's scope may see, or a thrown 404 (`PROJECT_NOT_FOUND`). */
export async function requireProject(
  ctx: Pick<PortalContext, "db" | "scope">,
  projectId: unknown,
): Promise<ProjectRef> {
  const project = await findProject(ctx.db, ctx.scope, projectId);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

/**
 * Run a request's handlers knowing which tab sent it (its `X-Client-Id` header), so the
 * changes they publish name it and that tab does not reload for its own change (decision 012).
 */
export function withEventOrigin<T>(request: Request, handle: () => T): T {
  return withTab(readClientId(request.headers.get(CLIENT_ID_HEADER)), handle);
}
