import { redirect } from "react-router";
import { MessagesView } from "~/components/portal/messages-view";
import { failed, succeeded } from "~/lib/action-result";
import type { LiveHandle } from "~/lib/live-events";
import { portalMeta } from "~/lib/seo";
import { idSchema, messageSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { listMessages, markRead, sendMessage } from "~/server/portal/messages.server";
import { readForm, requireUser } from "~/server/portal/portal.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => portalMeta("Messages");

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["messages"] };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, user } = await requireUser(request);
  const selected = new URL(request.url).searchParams.get("id");
  const messages = await listMessages(db, user.id);
  return {
    messages,
    userId: user.id,
    selectedId: messages.some((m) => m.id === selected) ? selected : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { db, user } = await requireUser(request);
  const form = await readForm(request);

  if (form.intent === "send") {
    const parsed = messageSchema.safeParse(form);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message);
    const sent = await sendMessage(
      db,
      { id: user.id, role: user.role },
      parsed.data,
      form.recipientId || user.id,
    );
    if (!sent.ok) return failed(sent.status, sent.message);
    return succeeded("Message sent successfully");
  }

  if (form.intent === "open") {
    const id = idSchema.safeParse(form.id);
    if (!id.success) return failed(404, "Message not found");
    // Marks read only when the user is the recipient; a sender's own view changes nothing.
    await markRead(db, user.id, id.data);
    return redirect(`/portal/messages?id=${id.data}`);
  }

  return failed(400, "Unknown action");
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <MessagesView {...loaderData} />;
}
