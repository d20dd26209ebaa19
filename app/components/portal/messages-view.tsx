import { useState } from "react";
import { Form, useFetcher, useSearchParams } from "react-router";
import { Inbox, Plus, Reply } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DialogFormFooter, FormDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { LoadMore } from "~/components/ui/load-more";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { site } from "~/content/site";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDateTime, formatRelative } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { replySubject, SUBJECT_MAX } from "~/lib/validation/message-values";
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
}

interface ProjectChoice {
  id: string;
  title: string;
}

export interface MessagesViewProps {
  messages: MessageItem[];
  next: string | null;
  selectedId: string | null;
  /** The message chosen with `?id=` (also when it is not on this page of the list). */
  selected: MessageItem | null;
  selectedError: string | null;
  /** Staff (an administrator over every client): client names, the filter, the Client field. */
  staff: boolean;
  clients: ClientChoice[];
  clientFilter: string | null;
  filterError: string | null;
  /** The New Message dialog's projects: the contact's client's, or the filtered client's. */
  projects: ProjectChoice[];
}

/** Which side of the conversation a message is from, when the name alone does not say. */
function origin(message: MessageItem, staff: boolean): string | null {
  if (staff) return message.fromAgency ? `to ${message.clientName}` : message.clientName;
  return message.fromAgency ? site.name : null;
}

export function MessagesView({
  messages,
  next,
  selectedId,
  selected,
  selectedError,
  staff,
  clients,
  clientFilter,
  filterError,
  projects,
}: MessagesViewProps) {
  const readOnly = useReadOnly();
  const [composeOpen, setComposeOpen] = useState(false);
  const [replyOpen, setReplyOpen] = useState(false);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Messages</h1>
          <p className="mt-1 text-muted-foreground">Your conversations with our team</p>
        </div>
        {readOnly ? null : (
          <Button onClick={() => setComposeOpen(true)}>
            <Plus aria-hidden />
            New Message
          </Button>
        )}
      </div>

      {staff ? (
        <ClientFilter
          label="Filter messages"
          clients={clients}
          selected={clientFilter}
          error={filterError}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle as="h2" size="lg">
              Inbox
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {messages.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
                <Inbox className="size-10" aria-hidden />
                <p>No messages yet</p>
              </div>
            ) : (
              <ul className="space-y-2" aria-label="Messages">
                {messages.map((m) => (
                  <li key={m.id}>
                    <MessageListItem
                      message={m}
                      origin={origin(m, staff)}
                      selected={m.id === selectedId}
                      unread={!m.isRead}
                    />
                  </li>
                ))}
              </ul>
            )}
            <LoadMore next={next} label="Load more messages" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2" size="lg">
              Message Details
            </CardTitle>
          </CardHeader>
          <CardContent>
            {selected ? (
              <article aria-label="Selected message" className="space-y-4">
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                  <dt className="font-medium text-muted-foreground">From</dt>
                  <dd>
                    {selected.senderName || "Unknown"}
                    {selected.fromAgency ? (
                      <span className="text-muted-foreground"> ({site.name})</span>
                    ) : null}
                  </dd>
                  {staff ? (
                    <>
                      <dt className="font-medium text-muted-foreground">Client</dt>
                      <dd>{selected.clientName}</dd>
                    </>
                  ) : null}
                  {selected.projectTitle ? (
                    <>
                      <dt className="font-medium text-muted-foreground">Project</dt>
                      <dd>{selected.projectTitle}</dd>
                    </>
                  ) : null}
                  <dt className="font-medium text-muted-foreground">Subject</dt>
                  <dd>{selected.subject}</dd>
                  <dt className="font-medium text-muted-foreground">Date</dt>
                  <dd>
                    <time dateTime={new Date(selected.createdAt).toISOString()}>
                      {formatDateTime(selected.createdAt)}
                    </time>
                  </dd>
                </dl>
                <div className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-4">
                  {selected.content}
                </div>
                {readOnly ? null : (
                  <Button variant="outline" onClick={() => setReplyOpen(true)}>
                    <Reply aria-hidden />
                    Reply
                  </Button>
                )}
              </article>
            ) : (
              <p className="py-8 text-center text-muted-foreground">
                {selectedError ?? "Select a message to view details"}
              </p>
            )}
          </CardContent>
        </Card>
      </div>

      {readOnly ? null : (
        <>
          <ComposeDialog
            open={composeOpen}
            onOpenChange={setComposeOpen}
            staff={staff}
            clients={clients}
            defaultClient={clientFilter}
            projects={projects}
          />
          {selected ? (
            <ReplyDialog
              key={selected.id}
              message={selected}
              staff={staff}
              open={replyOpen}
              onOpenChange={setReplyOpen}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * One message in the list: a GET form naming it (`?id=`, keeping the filter and the page), so
 * it opens without JavaScript and while viewing as a client; the page's loader reads it.
 */
function MessageListItem({
  message,
  origin,
  selected,
  unread,
}: {
  message: MessageItem;
  origin: string | null;
  selected: boolean;
  unread: boolean;
}) {
  const [params] = useSearchParams();
  return (
    <Form method="get" preventScrollReset>
      {["client", "cursor"].map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <input type="hidden" name="id" value={message.id} />
      <button
        type="submit"
        aria-current={selected ? "true" : undefined}
        className={cn(
          "w-full rounded-lg border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
          selected && "border-primary bg-accent",
          unread && "font-semibold",
        )}
      >
        <span className="flex items-center justify-between gap-2">
          <span className="min-w-0 truncate text-sm">
            {message.senderName || "Unknown"}
            {origin ? <span className="font-normal text-muted-foreground"> · {origin}</span> : null}
          </span>
          <span className="flex shrink-0 items-center gap-2">
            {unread ? <Badge>New</Badge> : null}
            <time
              className="text-xs font-normal text-muted-foreground"
              dateTime={new Date(message.createdAt).toISOString()}
              suppressHydrationWarning
            >
              {formatRelative(message.createdAt)}
            </time>
          </span>
        </span>
        <span className="mt-1 block truncate">{message.subject}</span>
        <span className="mt-0.5 block truncate text-sm font-normal text-muted-foreground">
          {message.content}
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
}: {
  title: string;
  description: string;
  intent: "send" | "reply";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent?: () => void;
  children?: React.ReactNode;
  after?: React.ReactNode;
}) {
  const [formKey, setFormKey] = useState(0);
  const { fetcher, busy } = useFormOutcome({
    onSuccess: () => {
      onOpenChange(false);
      setFormKey((k) => k + 1);
      onSent?.();
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={title}
      description={description}
    >
      <fetcher.Form method="post" className="space-y-4" key={formKey}>
        <input type="hidden" name="intent" value={intent} />
        {children}
        <Field label="Message *">
          <Textarea name="content" rows={5} required maxLength={5000} />
        </Field>
        {after}
        <DialogFormFooter
          submitLabel="Send"
          busyLabel="Sending..."
          busy={busy}
          onCancel={() => onOpenChange(false)}
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  staff: boolean;
  clients: ClientChoice[];
  defaultClient: string | null;
  projects: ProjectChoice[];
}) {
  const choices = useProjectChoices(staff ? defaultClient : null, initialProjects);
  return (
    <SendDialog
      title="Send New Message"
      description={
        staff ? "Send a message to a client's contacts" : `Send a message to the ${site.name} team`
      }
      intent="send"
      open={open}
      onOpenChange={onOpenChange}
      // The cleared form shows the first client again: offer its projects.
      onSent={() => choices.choose(defaultClient ?? "")}
      after={
        <Field
          label="Project"
          optional
          description={
            staff && !choices.client ? "Choose the client first to pick one of its projects." : null
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
      }
    >
      {staff ? (
        <Field label="Client *">
          <NativeSelect
            name="clientId"
            required
            defaultValue={defaultClient ?? ""}
            onChange={(event) => choices.choose(event.currentTarget.value)}
          >
            <ClientOptions clients={clients} none="Choose a client" />
          </NativeSelect>
        </Field>
      ) : null}
      <Field label="Subject *">
        <Input name="subject" required maxLength={SUBJECT_MAX} />
      </Field>
    </SendDialog>
  );
}

/** 'Reply': to the message's client (or, from a contact, to the team), about the same project. */
function ReplyDialog({
  message,
  staff,
  open,
  onOpenChange,
}: {
  message: MessageItem;
  staff: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const to = staff ? `To ${message.clientName}` : `To the ${site.name} team`;
  return (
    <SendDialog
      title="Reply"
      description={`${to}: ${replySubject(message.subject)}`}
      intent="reply"
      open={open}
      onOpenChange={onOpenChange}
    >
      <input type="hidden" name="id" value={message.id} />
    </SendDialog>
  );
}
