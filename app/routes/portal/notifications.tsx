import { Link } from "react-router";
import { Bell } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormResult } from "~/components/ui/form-result";
import { LoadMore } from "~/components/ui/load-more";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDateTime } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { NOTIFICATION_KINDS } from "~/lib/notification-kinds";
import { decodeCursor } from "~/lib/pagination";
import { portalMeta } from "~/lib/seo";
import { listNotifications, markAllRead } from "~/server/notifications/notifications.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/notifications";
import { assertCanWrite, requireUser } from "./context.server";
import { notificationReader } from "./notification-reader.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Notifications", matches);

/** A new notification, or one read in another tab, reloads the list (decision 012). */
export const handle: LiveHandle = { live: ["notifications"] };

/** The person's own notifications, newest first, a page at a time (decision 056). */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  const url = new URL(request.url);
  const page = await listNotifications(
    ctx.db,
    notificationReader(ctx),
    decodeCursor(url.searchParams.get("cursor")),
  );
  return {
    next: page.next,
    readOnly: ctx.readOnly,
    notifications: page.rows.map((n) => ({
      id: n.id,
      what: NOTIFICATION_KINDS[n.kind].label,
      title: n.title,
      who: n.actorName,
      when: formatDateTime(n.createdAt),
      read: n.read,
    })),
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireUser(request);
  assertCanWrite(ctx);
  const form = await readForm(request);
  if (form.intent !== "mark-all-read") return failed(400, UNKNOWN_ACTION);
  const marked = await markAllRead(ctx.db, ctx.user.id);
  return succeeded(marked === 0 ? "Nothing unread" : "All notifications marked as read", {
    intent: "mark-all-read",
  });
}

function MarkAllRead({ disabled }: { disabled: boolean }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "mark-all-read" });
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="mark-all-read" />
      <Button type="submit" variant="outline" disabled={disabled || busy}>
        {busy ? "Marking..." : "Mark all as read"}
      </Button>
      <FormResult result={inline} />
    </fetcher.Form>
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, next, readOnly } = loaderData;
  const unread = notifications.some((n) => !n.read);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
          <p className="mt-1 text-muted-foreground">
            What asks for you: reviews, answers, messages, invitations and new leads. Open one to go
            to the exact place.
          </p>
        </div>
        {readOnly ? null : <MarkAllRead disabled={!unread} />}
      </div>
      {notifications.length === 0 ? (
        <Card className="p-8 text-center">
          <Bell className="mx-auto mb-2 text-muted-foreground" />
          <p className="text-muted-foreground">
            No notifications yet. When something waits for you — a file to review, an answer, a
            message — it appears here and on the bell at the top of the portal.
          </p>
        </Card>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Notifications, newest first">
          {notifications.map((n) => (
            <li key={n.id} className={n.read ? "" : "bg-primary/5"}>
              <Link
                to={`/portal/notifications/${n.id}`}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-muted/50 focus-visible:outline-2"
                data-testid="notification"
              >
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  {n.read ? null : (
                    <span
                      className="inline-block size-2 rounded-full bg-primary"
                      aria-hidden="true"
                    />
                  )}
                  <span className="font-semibold">{n.what}</span>
                  {n.read ? null : <span className="sr-only">(unread)</span>}
                </span>
                <span className="break-words">{n.title}</span>
                <span className="text-xs text-muted-foreground">
                  {n.who ? `${n.who} · ` : ""}
                  {n.when}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore next={next} label="Load more notifications" />
    </div>
  );
}
