import { data, redirect } from "react-router";
import { MessagesView } from "~/components/portal/messages-view";
import { failed, succeeded } from "~/lib/action-result";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { clientFilterError } from "~/lib/portal-text";
import { portalMeta } from "~/lib/seo";
import { idSchema, messageSchema, replySchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { listClientChoices, readClientFilter } from "~/server/clients/client-choices.server";
import {
  getMessage,
  listMessages,
  MESSAGE_NOT_FOUND,
  markRead,
  messageLink,
  replyToMessage,
  sendMessage,
  unreadCount,
} from "~/server/messages/messages.server";
import { markReadAt } from "~/server/notifications/notifications.server";
import { listProjectChoices } from "~/server/projects/projects.server";
import { seesAllClients } from "~/server/workspace/scope.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/messages";
import { assertCanWrite, requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Messages", matches);

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["messages"] };

/**
 * The inbox (a page at a time, newest first) and the message chosen with `?id=`, wherever it
 * falls in the list. Opening a message reads it for this person (not while viewing as a client).
 * Administrators see every client's messages and may filter by client (`?client=`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope, user, clientId, readOnly } = await requireUser(request);
  const url = new URL(request.url);
  const staff = seesAllClients(scope);
  const filter = await readClientFilter(db, scope, url.searchParams.get("client"));
  const [page, clients] = await Promise.all([
    listMessages(db, scope, user.id, {
      clientId: filter.clientId,
      cursor: decodeCursor(url.searchParams.get("cursor")),
    }),
    staff ? listClientChoices(db, scope) : [],
  ]);
  let rows = page.rows;
  const wanted = url.searchParams.get("id");
  let selected = wanted
    ? (rows.find((m) => m.id === wanted) ?? (await getMessage(db, scope, user.id, wanted)))
    : null;
  if (selected && !selected.isRead && !readOnly) {
    await markRead(db, scope, user.id, selected.id);
    // Its notification is read too: the bell counts what still waits (decision 056).
    await markReadAt(db, user.id, messageLink(selected.id));
    const id = selected.id;
    selected = { ...selected, isRead: true };
    rows = rows.map((m) => (m.id === id ? { ...m, isRead: true } : m));
  }
  // The New Message dialog's 'Project' choices: the client's projects (staff: the filtered
  // client's; choosing another client loads its own from /portal/project-choices).
  const composeClient = staff ? filter.clientId : clientId;
  const projects = composeClient ? await listProjectChoices(db, scope, composeClient) : [];
  const missing = wanted !== null && selected === null;
  // Counted after opening marked the message read, for the sidebar and the tab's title.
  const unreadMessages = await unreadCount(db, scope, user.id);
  return data(
    {
      messages: rows,
      next: page.next,
      userId: user.id,
      selectedId: selected?.id ?? null,
      selected,
      selectedError: missing ? MESSAGE_NOT_FOUND : null,
      staff,
      clients,
      clientFilter: filter.clientId,
      filterError: filter.invalid ? clientFilterError("messages") : null,
      projects,
      unreadMessages,
    },
    { status: filter.invalid ? 400 : missing ? 404 : 200 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireUser(request);
  assertCanWrite(ctx);
  const { db, scope, user, isStaff } = ctx;
  const sender = { id: user.id, scope, isAdmin: isStaff };
  const form = await readForm(request);

  if (form.intent === "send") {
    const parsed = messageSchema.safeParse(form);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message);
    // A contact's client is their own: a `clientId` they send is ignored (sendMessage).
    const sent = await sendMessage(db, sender, {
      ...parsed.data,
      clientId: form.clientId,
      projectId: form.projectId,
    });
    if (!sent.ok) return failed(sent.status, sent.message);
    return succeeded("Message sent successfully");
  }

  if (form.intent === "reply") {
    const parsed = replySchema.safeParse(form);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message);
    const sent = await replyToMessage(db, sender, form.id, parsed.data.content);
    if (!sent.ok) return failed(sent.status, sent.message);
    return succeeded("Message sent successfully");
  }

  if (form.intent === "open") {
    const id = idSchema.safeParse(form.id);
    // Another client's message is not found, like one that does not exist (decision 018).
    if (!id.success || !(await getMessage(db, scope, user.id, id.data))) {
      return failed(404, MESSAGE_NOT_FOUND);
    }
    // Marks read for this person only; a sender's own message is already read for them.
    await markRead(db, scope, user.id, id.data);
    return redirect(`/portal/messages?id=${id.data}`);
  }

  return failed(400, UNKNOWN_ACTION);
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <MessagesView {...loaderData} />;
}
