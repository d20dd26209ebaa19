import { redirect } from "react-router";
import { MessagesView } from "~/components/portal/messages-view";
import { failed, succeeded } from "~/lib/action-result";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { portalMeta } from "~/lib/seo";
import { idSchema, messageSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { listMessages, markRead, sendMessage } from "~/server/portal/messages.server";
import { assertCanWrite, readForm, requireUser } from "~/server/portal/portal.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => portalMeta("Messages");

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["messages"] };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope, user } = await requireUser(request);
  const url = new URL(request.url);
  const selected = url.searchParams.get("id");
  const page = await listMessages(db, scope, user.id, {
    cursor: decodeCursor(url.searchParams.get("cursor")),
  });
  return {
    messages: page.rows,
    next: page.next,
    userId: user.id,
    selectedId: page.rows.some((m) => m.id === selected) ? selected : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireUser(request);
  assertCanWrite(ctx);
  const { db, scope, user, isAdmin } = ctx;
  const form = await readForm(request);

  if (form.intent === "send") {
    const parsed = messageSchema.safeParse(form);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message);
    const sent = await sendMessage(
      db,
      { id: user.id, scope, isAdmin },
      { ...parsed.data, clientId: form.clientId, projectId: form.projectId },
    );
    if (!sent.ok) return failed(sent.status, sent.message);
    return succeeded("Message sent successfully");
  }

  if (form.intent === "open") {
    const id = idSchema.safeParse(form.id);
    if (!id.success) return failed(404, "Message not found");
    // Marks read for this person only; a sender's own message is already read for them.
    await markRead(db, scope, user.id, id.data);
    return redirect(`/portal/messages?id=${id.data}`);
  }

  return failed(400, "Unknown action");
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <MessagesView {...loaderData} />;
}
