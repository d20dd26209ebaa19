import { Inbox, Plus } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDateTime, formatRelative } from "~/lib/dates";
import { cn } from "~/lib/utils";

export interface MessageItem {
  id: string;
  senderId: string | null;
  senderName: string | null;
  subject: string;
  content: string;
  isRead: boolean;
  createdAt: Date | string;
}

export function MessagesView({
  messages,
  selectedId,
}: {
  messages: MessageItem[];
  userId: string;
  selectedId: string | null;
}) {
  const [composeOpen, setComposeOpen] = useState(false);
  const selected = messages.find((m) => m.id === selectedId) ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Messages</h1>
          <p className="mt-1 text-muted-foreground">Your conversations with our team</p>
        </div>
        <Button onClick={() => setComposeOpen(true)}>
          <Plus aria-hidden />
          New Message
        </Button>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle as="h2" size="lg">
              Inbox
            </CardTitle>
          </CardHeader>
          <CardContent>
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
                      selected={m.id === selectedId}
                      unread={!m.isRead}
                    />
                  </li>
                ))}
              </ul>
            )}
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
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  <dt className="font-medium text-muted-foreground">From</dt>
                  <dd>{selected.senderName || "Unknown"}</dd>
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
              </article>
            ) : (
              <p className="py-8 text-center text-muted-foreground">
                Select a message to view details
              </p>
            )}
          </CardContent>
        </Card>
      </div>

      <ComposeDialog open={composeOpen} onOpenChange={setComposeOpen} />
    </div>
  );
}

function MessageListItem({
  message,
  selected,
  unread,
}: {
  message: MessageItem;
  selected: boolean;
  unread: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="open" />
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
          <span className="truncate text-sm">{message.senderName || "Unknown"}</span>
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

function ComposeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [formKey, setFormKey] = useState(0);
  const { fetcher, busy } = useFormOutcome({
    onSuccess: () => {
      onOpenChange(false);
      setFormKey((k) => k + 1);
    },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Send New Message</DialogTitle>
          <DialogDescription>Create a new message (demo: sends to yourself)</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4" key={formKey}>
          <input type="hidden" name="intent" value="send" />
          <Field label="Subject *">
            <Input name="subject" required maxLength={200} />
          </Field>
          <Field label="Message *">
            <Textarea name="content" rows={5} required maxLength={5000} />
          </Field>
          <DialogFormFooter
            submitLabel="Send"
            busyLabel="Sending..."
            busy={busy}
            onCancel={() => onOpenChange(false)}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
