import { useRef, useState } from "react";
import { Form, useActionData, useFetcher, useSearchParams } from "react-router";
import { Download, Inbox, Plus } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DialogFormFooter, FormDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { LoadMore } from "~/components/ui/load-more";
import { NativeSelect } from "~/components/ui/native-select";
import { DialogOpener, useDialogAsked } from "~/components/ui/no-js-dialog";
import { Textarea } from "~/components/ui/textarea";
import { site } from "~/content/site";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import type { ActionResult } from "~/lib/action-result";
import { formatDateTime, formatRelative } from "~/lib/dates";
import { attachmentPath, formatFileSize } from "~/lib/files";
import { refusalFields } from "~/lib/refusal-fields";
import { cn } from "~/lib/utils";
import { SUBJECT_MAX } from "~/lib/validation/message-values";
import { AttachField } from "./attach-field";
import { type ClientChoice, ClientFilter, ClientOptions } from "./client-filter";
import { useReadOnly } from "./use-portal-user";

export interface MessageItem {
  id: string;
  clientName: string;
  projectTitle: string | null;
  senderId: string | null;
  senderName: string | null;
  fromAgency: boolean;
  subject: string;
  content: string;
  isRead: boolean;
  createdAt: Date | string;
  /** Its files (a thread's messages; decision 087). */
  attachments?: { id: string; name: string; size: number }[];
}

/** A conversation in the inbox: its subject and newest message (who, what, when). */
export interface ThreadItem extends MessageItem {
  /** The messages in it this person has not read. */
  unread: number;
}

/** The conversation shown in the details panel, every message oldest first. */
export interface ThreadDetails {
  id: string;
  clientName: string;
  projectTitle: string | null;
  subject: string;
  messages: MessageItem[];
  /** The message a link named, when not the first. */
  focusId: string | null;
}

interface ProjectChoice {
  id: string;
  title: string;
}

export interface MessagesViewProps {
  /** The inbox: conversations, the newest message first. */
  threads: ThreadItem[];
  next: string | null;
  selectedId: string | null;
  /** The conversation chosen with `?id=` (also when it is not on this page of the list). */
  selected: ThreadDetails | null;
  selectedError: string | null;
  /** Staff (an administrator over every client): client names, the filter, the Client field. */
  staff: boolean;
  clients: ClientChoice[];
  clientFilter: string | null;
  filterError: string | null;
  /** The New Message dialog's projects: the contact's client's, or the filtered client's. */
  projects: ProjectChoice[];
  /** The most one attached file may hold (MAX_UPLOAD_MB, as for a project's files). */
  maxUploadBytes: number;
}

/** Which side of the conversation a message is from, when the name alone does not say. */
function origin(message: MessageItem, staff: boolean): string | null {
  if (staff) return message.fromAgency ? `to ${message.clientName}` : message.clientName;
  return message.fromAgency ? site.name : null;
}

export function MessagesView({
  threads,
  next,
  selectedId,
  selected,
  selectedError,
  staff,
  clients,
  clientFilter,
  filterError,
  projects,
  maxUploadBytes,
}: MessagesViewProps) {
  const readOnly = useReadOnly();
  const [composeOpen, setComposeOpen] = useState(false);
  const asked = useDialogAsked("new-message");

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Messages</h1>
          <p className="mt-1 text-muted-foreground">Your conversations with our team</p>
        </div>
        {readOnly ? null : (
          <DialogOpener dialog="new-message" onOpen={() => setComposeOpen(true)}>
            <Plus aria-hidden />
            New Message
          </DialogOpener>
        )}
      </div>

      {/* Asked for by the address: pressed before the scripts ran, or without them (142). */}
      {!readOnly && asked ? (
        <ComposeDialog
          open
          onOpenChange={() => {}}
          staff={staff}
          clients={clients}
          defaultClient={clientFilter}
          projects={projects}
          maxUploadBytes={maxUploadBytes}
          inline
        />
      ) : null}

      {staff ? (
        <ClientFilter
          label="Filter messages"
          clients={clients}
          selected={clientFilter}
          error={filterError}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle as="h2" size="lg">
              Inbox
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {threads.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
                <Inbox className="size-10" aria-hidden />
                <p>No messages yet</p>
              </div>
            ) : (
              <ul className="space-y-2" aria-label="Conversations">
                {threads.map((t) => (
                  <li key={t.id}>
                    <ThreadListItem
                      thread={t}
                      origin={origin(t, staff)}
                      selected={t.id === selectedId}
                    />
                  </li>
                ))}
              </ul>
            )}
            <LoadMore next={next} label="Load more conversations" />
          </CardContent>
        </Card>

        <Card className="min-w-0">
          <CardHeader>
            <CardTitle as="h2" size="lg">
              Message Details
            </CardTitle>
          </CardHeader>
          <CardContent>
            {selected ? (
              <Conversation
                thread={selected}
                staff={staff}
                readOnly={readOnly}
                maxUploadBytes={maxUploadBytes}
              />
            ) : (
              <p className="py-8 text-center text-muted-foreground">
                {selectedError ?? "Select a message to view details"}
              </p>
            )}
          </CardContent>
        </Card>
      </div>

      {readOnly ? null : (
        <ComposeDialog
          open={composeOpen}
          onOpenChange={setComposeOpen}
          staff={staff}
          clients={clients}
          defaultClient={clientFilter}
          projects={projects}
          maxUploadBytes={maxUploadBytes}
        />
      )}
    </div>
  );
}

/**
 * The whole conversation, oldest first, and the composer at its foot. Each message has the
 * anchor `#message-<id>` a notification's link names.
 */
function Conversation({
  thread,
  staff,
  readOnly,
  maxUploadBytes,
}: {
  thread: ThreadDetails;
  staff: boolean;
  readOnly: boolean;
  maxUploadBytes: number;
}) {
  return (
    <section aria-label="Conversation" className="space-y-4">
      <div className="space-y-1">
        <h3 className="text-lg font-semibold break-words">{thread.subject}</h3>
        <p className="text-sm text-muted-foreground break-words">
          {[
            staff ? thread.clientName : null,
            thread.projectTitle ? `Project: ${thread.projectTitle}` : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <ol className="space-y-3" aria-label="Messages in this conversation">
        {thread.messages.map((m) => (
          <li
            key={m.id}
            id={`message-${m.id}`}
            className={cn(
              "scroll-mt-24 rounded-md border p-3",
              m.fromAgency ? "bg-muted/40" : "bg-card",
              m.id === thread.focusId && "border-primary",
            )}
          >
            <article aria-label={`Message from ${m.senderName || "Unknown"}`}>
              <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                <span className="min-w-0 break-words font-medium">
                  {m.senderName || "Unknown"}
                  {m.fromAgency ? (
                    <span className="font-normal text-muted-foreground"> ({site.name})</span>
                  ) : null}
                </span>
                <time
                  className="text-xs text-muted-foreground"
                  dateTime={new Date(m.createdAt).toISOString()}
                >
                  {formatDateTime(m.createdAt)}
                </time>
              </header>
              <p className="mt-2 whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
                {m.content}
              </p>
              {m.attachments?.length ? <Attachments files={m.attachments} /> : null}
            </article>
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <ReplyComposer key={thread.id} threadId={thread.id} maxUploadBytes={maxUploadBytes} />
      )}
    </section>
  );
}

/** A message's files: each its name, size and a download link (decision 087). */
function Attachments({ files }: { files: NonNullable<MessageItem["attachments"]> }) {
  return (
    <ul className="mt-3 space-y-1" aria-label="Attachments">
      {files.map((file) => (
        <li key={file.id} className="flex items-start gap-2 text-sm">
          <Download className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0">
            <a
              href={attachmentPath(file.id)}
              download
              className="font-medium break-words text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
            >
              {file.name}
            </a>{" "}
            <span className="text-muted-foreground">({formatFileSize(file.size)})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The reply at the foot of a conversation: a plain form (it posts without JavaScript); with
 * JavaScript, Enter sends and Shift+Enter starts a new line. It clears once sent.
 */
function ReplyComposer({ threadId, maxUploadBytes }: { threadId: string; maxUploadBytes: number }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, inline, busy } = useFormOutcome<
    import("~/lib/action-result").ActionResult<{ intent?: string; values?: { content?: string } }>
  >({
    intent: "reply",
    onSuccess: () => form.current?.reset(),
  });
  const kept = inline && !inline.ok ? inline.values?.content : undefined;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      ref={form}
      className="space-y-3"
      aria-label="Reply"
    >
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={threadId} />
      <Field label="Reply" description="Enter sends; Shift+Enter starts a new line.">
        <Textarea
          name="content"
          rows={3}
          required
          maxLength={5000}
          defaultValue={kept}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (!busy) event.currentTarget.form?.requestSubmit();
          }}
        />
      </Field>
      {/* After the text: the server reads the form's parts in order (decision 087). */}
      <AttachField maxUploadBytes={maxUploadBytes} />
      <FormResult result={inline} />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * One conversation in the inbox: a GET form naming it (`?id=`, keeping the filter and the
 * page), so it opens without JavaScript and while viewing as a client; the page's loader reads
 * it. It shows the subject, the newest message, who wrote it and when, and what is unread.
 */
function ThreadListItem({
  thread,
  origin,
  selected,
}: {
  thread: ThreadItem;
  origin: string | null;
  selected: boolean;
}) {
  const [params] = useSearchParams();
  const unread = thread.unread > 0;
  return (
    <Form method="get" preventScrollReset>
      {["client", "cursor"].map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <input type="hidden" name="id" value={thread.id} />
      <button
        type="submit"
        aria-current={selected ? "true" : undefined}
        className={cn(
          "w-full min-w-0 rounded-lg border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
          selected && "border-primary bg-accent",
          unread && "font-semibold",
        )}
      >
        <span className="flex items-center justify-between gap-2">
          <span className="min-w-0 truncate">{thread.subject}</span>
          <span className="flex shrink-0 items-center gap-2">
            {unread ? (
              <>
                <Badge>New</Badge>
                <span className="text-xs">{thread.unread} unread</span>
              </>
            ) : null}
          </span>
        </span>
        <span className="mt-1 flex items-center justify-between gap-2 text-sm font-normal">
          <span className="min-w-0 truncate">
            {thread.senderName || "Unknown"}
            {origin ? <span className="text-muted-foreground"> · {origin}</span> : null}
          </span>
          <time
            className="shrink-0 text-xs text-muted-foreground"
            dateTime={new Date(thread.createdAt).toISOString()}
            suppressHydrationWarning
          >
            {formatRelative(thread.createdAt)}
          </time>
        </span>
        <span className="mt-0.5 block truncate text-sm font-normal text-muted-foreground">
          {thread.content}
        </span>
      </button>
    </Form>
  );
}

/** The 'Project' choices of the client chosen in the New Message dialog. */
function useProjectChoices(initialClient: string | null, initial: ProjectChoice[]) {
  const fetcher = useFetcher<{ clientId: string | null; projects: ProjectChoice[] }>();
  const [client, setClient] = useState(initialClient);
  const choose = (clientId: string) => {
    setClient(clientId || null);
    if (clientId && clientId !== initialClient) {
      fetcher.load(`/portal/project-choices?client=${encodeURIComponent(clientId)}`);
    }
  };
  const projects =
    client === initialClient
      ? initial
      : fetcher.data?.clientId === client
        ? fetcher.data.projects
        : [];
  return { client, projects, choose, loading: fetcher.state !== "idle" };
}

/**
 * A dialog that sends a message: its own fields, then 'Message *', then `after`. It closes and
 * clears itself once sent.
 */
function SendDialog({
  title,
  description,
  intent,
  open,
  onOpenChange,
  onSent,
  children,
  after,
  inline = false,
}: {
  title: string;
  description: string;
  intent: "send";
  inline?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent?: () => void;
  children?: React.ReactNode;
  after?: React.ReactNode;
}) {
  const [formKey, setFormKey] = useState(0);
  const { fetcher, busy, result } = useFormOutcome({
    onSuccess: () => {
      onOpenChange(false);
      setFormKey((k) => k + 1);
      onSent?.();
    },
  });
  // A reply's answer (intent 'reply') is the thread's, not this form's.
  const answer = result && (!("intent" in result) || result.intent === intent) ? result : null;
  const refused = inline && answer && !answer.ok && !("unsent" in answer) ? answer : null;
  const { errorFor, typed } = refusalFields(refused);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={title}
      description={description}
      inline={inline}
    >
      <fetcher.Form method="post" encType="multipart/form-data" className="space-y-4" key={formKey}>
        <input type="hidden" name="intent" value={intent} />
        {children}
        <Field label="Message *" error={errorFor("content")}>
          <Textarea
            name="content"
            rows={5}
            required
            maxLength={5000}
            defaultValue={typed("content", "")}
          />
        </Field>
        {after}
        <DialogFormFooter
          submitLabel="Send"
          busyLabel="Sending..."
          busy={busy}
          onCancel={() => onOpenChange(false)}
          result={answer}
        />
      </fetcher.Form>
    </FormDialog>
  );
}

function ComposeDialog({
  open,
  onOpenChange,
  staff,
  clients,
  defaultClient,
  projects: initialProjects,
  maxUploadBytes,
  inline = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  staff: boolean;
  clients: ClientChoice[];
  defaultClient: string | null;
  projects: ProjectChoice[];
  maxUploadBytes: number;
  /** In place (the address asked for it): a plain multipart form, a refusal by its field. */
  inline?: boolean;
}) {
  const choices = useProjectChoices(staff ? defaultClient : null, initialProjects);
  // Without JavaScript a refused message comes back as the page's action data.
  const answered = useActionData() as ActionResult | undefined;
  const { errorFor, typed } = refusalFields(
    inline && answered && !answered.ok && !("intent" in answered) ? answered : null,
  );
  return (
    <SendDialog
      title="Send New Message"
      description={
        staff ? "Send a message to a client's contacts" : `Send a message to the ${site.name} team`
      }
      intent="send"
      open={open}
      onOpenChange={onOpenChange}
      inline={inline}
      // The cleared form shows the first client again: offer its projects.
      onSent={() => choices.choose(defaultClient ?? "")}
      after={
        <>
          <Field
            label="Project"
            optional
            description={
              staff && !choices.client
                ? "Choose the client first to pick one of its projects."
                : null
            }
          >
            <NativeSelect name="projectId" defaultValue="" aria-busy={choices.loading}>
              <option value="">No project</option>
              {choices.projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <AttachField maxUploadBytes={maxUploadBytes} />
        </>
      }
    >
      {staff ? (
        <Field label="Client *" error={errorFor("clientId")}>
          <NativeSelect
            name="clientId"
            required
            defaultValue={typed("clientId", defaultClient ?? "")}
            onChange={(event) => choices.choose(event.currentTarget.value)}
          >
            <ClientOptions clients={clients} none="Choose a client" />
          </NativeSelect>
        </Field>
      ) : null}
      <Field label="Subject *" error={errorFor("subject")}>
        <Input
          name="subject"
          required
          maxLength={SUBJECT_MAX}
          defaultValue={typed("subject", "")}
        />
      </Field>
    </SendDialog>
  );
}
