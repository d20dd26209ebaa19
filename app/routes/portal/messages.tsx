import { data, redirect } from "react-router";
import { MessagesView } from "~/components/portal/messages-view";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { MB } from "~/lib/files";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { clientFilterError } from "~/lib/portal-text";
import { portalMeta } from "~/lib/seo";
import { idSchema, messageSchema, replySchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { listClientChoices, readClientFilter } from "~/server/clients/client-choices.server";
import { discardBody } from "~/server/deliverables/files.server";
import { env } from "~/server/env.server";
import {
  addReplyToThread,
  getThread,
  listThreads,
  MESSAGE_NOT_FOUND,
  markThreadRead,
  sendMessage,
  unreadCount,
} from "~/server/messages/messages.server";
import { listProjectChoices } from "~/server/projects/projects.server";
import { seesAllClients } from "~/server/workspace/scope.server";
import { closeDialogOnSuccess } from "../dialog.server";
import { UNKNOWN_ACTION, valuesAfterRefusal } from "../form.server";
import type { Route } from "./+types/messages";
import { assertCanWrite, requireUser } from "./context.server";
import { carriesFiles, dropAttachments, readMessageForm } from "./message-files.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Messages", matches);

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["messages"] };

/**
 * The inbox (conversations, a page at a time, the newest message first) and the conversation
 * of the message chosen with `?id=` (its own id or any of its messages'), wherever it falls in
 * the list. Opening a conversation reads it for this person (not while viewing as a client).
 * Administrators see every client's conversations and may filter by client (`?client=`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope, user, clientId, readOnly } = await requireUser(request);
  const url = new URL(request.url);
  const staff = seesAllClients(scope);
  const filter = await readClientFilter(db, scope, url.searchParams.get("client"));
  const wanted = url.searchParams.get("id");
  let selected = wanted ? await getThread(db, scope, user.id, wanted) : null;
  if (selected && !readOnly && (await markThreadRead(db, scope, user.id, selected.id)) > 0) {
    selected = { ...selected, messages: selected.messages.map((m) => ({ ...m, isRead: true })) };
  }
  // Listed after opening, so the opened conversation is no longer unread.
  const [page, clients] = await Promise.all([
    listThreads(db, scope, user.id, {
      clientId: filter.clientId,
      cursor: decodeCursor(url.searchParams.get("cursor")),
    }),
    staff ? listClientChoices(db, scope) : [],
  ]);
  // The New Message dialog's 'Project' choices: the client's projects (staff: the filtered
  // client's; choosing another client loads its own from /portal/project-choices).
  const composeClient = staff ? filter.clientId : clientId;
  const projects = composeClient ? await listProjectChoices(db, scope, composeClient) : [];
  const missing = wanted !== null && selected === null;
  // Counted after opening read the conversation, for the sidebar and the tab's title.
  const unreadMessages = await unreadCount(db, scope, user.id);
  return data(
    {
      threads: page.rows,
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
      maxUploadBytes: env().MAX_UPLOAD_MB * MB,
    },
    { status: filter.invalid ? 400 : missing ? 404 : 200 },
  );
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  // New Message posted from its page (`?dialog=new-message`): back to the page once sent (142).
  return closeDialogOnSuccess(request, await handleMessageForm(request));
}

async function handleMessageForm(request: Request) {
  let ctx: Awaited<ReturnType<typeof requireUser>>;
  try {
    ctx = await requireUser(request);
    assertCanWrite(ctx);
  } catch (refusal) {
    // A message with attachments is streamed (decision 087): let the browser read the answer.
    if (carriesFiles(request)) discardBody(request.body);
    throw refusal;
  }
  const { db, scope, user, isStaff } = ctx;
  const sender = { id: user.id, scope, isAdmin: isStaff };
  // The fields, and the files attached (received, kept only if the message is stored): posted
  // with the form, or uploaded before it (decision 133: settled once the message is stored).
  const { form, files, refusal, settle } = await readMessageForm(request, ctx, sender);
  let kept = false;
  try {
    if (form.intent === "send") {
      const values = {
        values: {
          subject: form.subject ?? "",
          content: form.content ?? "",
          clientId: form.clientId ?? "",
          projectId: form.projectId ?? "",
        },
      };
      if (refusal)
        return failed(refusal.status, refusal.message, {
          values: valuesAfterRefusal(refusal.status, values.values),
        });
      const parsed = messageSchema.safeParse(form);
      if (!parsed.success) {
        await dropAttachments(db, files);
        const issue = firstIssue(parsed.error);
        return failed(400, issue.message, { ...values, field: issue.field });
      }
      // A contact's client is their own: a `clientId` they send is ignored (sendMessage).
      const sent = await sendMessage(
        db,
        sender,
        { ...parsed.data, clientId: form.clientId, projectId: form.projectId },
        files,
      );
      if (!sent.ok)
        return failed(sent.status, sent.message, {
          values: valuesAfterRefusal(sent.status, values.values),
        });
      kept = true;
      return succeeded("Message sent successfully");
    }

    if (form.intent === "reply") {
      // What was typed comes back with a refusal (a post without JavaScript shows it again).
      const values = { intent: "reply", values: { content: form.content ?? "" } };
      if (refusal) return failed(refusal.status, refusal.message, values);
      const parsed = replySchema.safeParse(form);
      if (!parsed.success) {
        await dropAttachments(db, files);
        return failed(400, firstIssue(parsed.error).message, values);
      }
      const sent = await addReplyToThread(db, sender, form.id, parsed.data.content, files);
      if (!sent.ok) return failed(sent.status, sent.message, values);
      kept = true;
      return succeeded("Message sent successfully", { intent: "reply" });
    }

    await dropAttachments(db, files);
    if (refusal) return failed(refusal.status, refusal.message);

    if (form.intent === "open") {
      const id = idSchema.safeParse(form.id);
      // Another client's message is not found, like one that does not exist (decision 018).
      const thread = id.success ? await getThread(db, scope, user.id, id.data) : null;
      if (!id.success || !thread) return failed(404, MESSAGE_NOT_FOUND);
      // Reads the conversation for this person only; their own messages are read for them.
      await markThreadRead(db, scope, user.id, thread.id);
      return redirect(`/portal/messages?id=${id.data}`);
    }

    return failed(400, UNKNOWN_ACTION);
  } finally {
    await settle(kept);
  }
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <MessagesView {...loaderData} />;
}
