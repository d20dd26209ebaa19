import { redirect } from "react-router";
import { openNotification } from "~/server/notifications/notifications.server";
import { parseId } from "~/server/workspace/scope.server";
import { notFound } from "../refuse.server";
import type { Route } from "./+types/notification";
import { requireUser } from "./context.server";
import { notificationReader } from "./notification-reader.server";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

/**
 * Open one notification: it is marked read (not while viewing as a client) and the browser goes
 * to the exact place it is about. Another person's, or a malformed id: 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  const id = parseId(params.id);
  const link = id
    ? await openNotification(ctx.db, notificationReader(ctx), id, { markRead: !ctx.readOnly })
    : null;
  // Only our own portal paths are ever stored; anything else is not followed.
  if (!link?.startsWith("/") || link.startsWith("//")) {
    throw notFound(NOTIFICATION_NOT_FOUND);
  }
  return redirect(link, { headers: { "Cache-Control": "private, no-store" } });
}
