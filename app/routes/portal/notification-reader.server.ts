import type { NotificationReader } from "~/server/notifications/notifications.server";
import type { PortalContext } from "./context.server";

/**
 * Whose notifications a portal request reads: the person's own, as who they are (their own
 * client, their role), also while an administrator views the portal as a client.
 */
export function notificationReader(
  ctx: Pick<PortalContext, "user" | "isAdmin">,
): NotificationReader {
  return {
    id: ctx.user.id,
    clientId: ctx.user.clientId,
    isAdmin: ctx.isAdmin,
    isTeamMember: ctx.user.role === "team",
  };
}
