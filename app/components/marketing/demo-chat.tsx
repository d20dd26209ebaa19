import { Bot, Send, User } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { demoChat } from "~/content/demo";
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatResult,
  type ChatTurn,
  greetingTurn,
} from "~/lib/assistant/conversation";
import { cn } from "~/lib/utils";
import { Honeypot, PopiaNotice } from "./form-field";

type Engine = typeof import("./demo-chat-engine");

/** The chat's schemas: one request, on first use (then kept). */
let engine: Promise<Engine> | null = null;
let loaded: Engine | null = null;
function loadEngine() {
  engine ??= import("./demo-chat-engine").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error) => {
      engine = null;
      throw error;
    },
  );
  return engine;
}
const preload = () => void loadEngine().catch(() => {});

interface ChatError {
  field: "question" | "name" | "email" | "handover";
  message: string;
}

function errorOf(result: ChatResult | undefined): ChatError | null {
  if (!result?.error) return null;
  return { field: result.field ?? "handover", message: result.error };
}

/**
 * The site assistant on /demo. A real form: without JavaScript (or before the scripts have
 * loaded) the /demo action answers it and the page comes back with the conversation. With
 * JavaScript the chat's checks load on first use and the /demo action answers each question
 * without reloading the page (the assistant's sentence model runs on the server only,
 * decision 139).
 * A question it can't answer can be passed to the team (a 'chat' lead).
 */
export function DemoChat() {
  const id = useId();
  const documentResult = useActionData<ChatResult>();
  const fetcher = useFetcher<ChatResult>();
  const [conversation, setConversation] = useState<ChatTurn[]>(
    () => documentResult?.conversation ?? [greetingTurn],
  );
  const [error, setError] = useState<ChatError | null>(() => errorOf(documentResult));
  const [pending, setPending] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** The question last sent to the server, cleared from the box once it is answered. */
  const sentQuestion = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** A question sent while the previous one was still being answered: sent once it has been. */
  const queued = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or the typing indicator appears
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [conversation.length, pending]);

  // The server's answer to a question or a handover.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setConversation(fetcher.data.conversation);
    const failure = errorOf(fetcher.data);
    setError(failure);
    // After a refusal (too fast, say) the waiting question stays in the box, unsent.
    if (failure) queued.current = false;
    const input = inputRef.current;
    if (!failure && input && input.value === sentQuestion.current) input.value = "";
  }, [fetcher.state, fetcher.data]);

  // The question that waited is sent with the conversation that now holds the previous answer.
  useEffect(() => {
    if (!queued.current || pending || fetcher.state !== "idle") return;
    if (fetcher.data && conversation !== fetcher.data.conversation) return;
    queued.current = false;
    formRef.current?.requestSubmit();
  }, [conversation, pending, fetcher.state, fetcher.data]);

  async function ask(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = inputRef.current;
    if (!input) return;
    if (pending || fetcher.state !== "idle") {
      queued.current = true;
      return;
    }
    const typed = input.value;
    const before = conversation;
    setPending(true);
    try {
      let module: Engine | null = null;
      try {
        module = await loadEngine();
      } catch {
        // The code did not arrive (a dropped connection): the server checks and answers instead.
      }
      if (!module) {
        if (!typed.trim()) {
          setError({ field: "question", message: CHAT_MESSAGES.empty });
          return;
        }
        // The question stays in the box until the server has answered it (decision 143).
        sentQuestion.current = typed;
        fetcher.submit(
          { intent: "ask", question: typed, conversation: JSON.stringify(before) },
          { method: "post", action: "/demo" },
        );
        return;
      }
      const parsed = module.chatQuestionSchema.safeParse({ question: typed });
      if (!parsed.success) {
        setError({ field: "question", message: module.firstIssue(parsed.error).message });
        input.focus();
        return;
      }
      setError(null);
      const question = parsed.data.question;
      // The server answers it (its sentence model runs there only, decision 139) and sends the
      // conversation back; the question stays in the box until then (decision 143).
      sentQuestion.current = typed;
      fetcher.submit(
        { intent: "ask", question, conversation: JSON.stringify(before) },
        { method: "post", action: "/demo" },
      );
    } finally {
      setPending(false);
    }
  }

  /** Instant checks when the schemas are here; otherwise the server checks. */
  function checkHandover(event: React.FormEvent<HTMLFormElement>) {
    if (!loaded) return;
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = loaded.chatHandoverSchema.safeParse(values);
    if (parsed.success) {
      setError(null);
      return;
    }
    event.preventDefault();
    const issue = loaded.firstIssue(parsed.error);
    const field = issue.field === "email" ? "email" : "name";
    setError({ field, message: issue.message });
    const control = event.currentTarget.elements.namedItem(field);
    if (control instanceof HTMLElement) control.focus();
  }

  const last = conversation[conversation.length - 1];
  const offerHandover = last?.role === "assistant" && last.unsure === true;
  const sending = fetcher.state !== "idle";
  const asking = sending && fetcher.formData?.get("intent") === "ask";
  const values = (fetcher.data ?? documentResult)?.values;
  const fieldError = (field: ChatError["field"]) =>
    error?.field === field ? error.message : undefined;
  const describedBy = (field: ChatError["field"], fieldId: string) =>
    error?.field === field ? { "aria-invalid": true, "aria-describedby": `${fieldId}-error` } : {};
  const conversationJson = JSON.stringify(conversation);
  const inputId = `${id}-question`;

  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="flex items-center gap-3 border-b bg-primary px-4 py-3 text-primary-foreground">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary-foreground/15">
          <Bot className="size-5" aria-hidden />
        </span>
        <div>
          <p className="font-semibold leading-tight">{demoChat.assistantName}</p>
          <p className="text-xs opacity-90">{demoChat.automatedNotice}</p>
        </div>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Chat conversation"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="h-96 overflow-y-auto bg-muted/30 p-4 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ul className="flex flex-col gap-4">
          {conversation.map((turn, i) => {
            const isUser = turn.role === "user";
            return (
              <li
                // Turns are only appended (the oldest may drop off), so the index is stable enough.
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
                key={i}
                className={cn("flex gap-2", isUser ? "flex-row-reverse" : "flex-row")}
              >
                <span
                  className={cn(
                    "mt-5 inline-flex size-8 shrink-0 items-center justify-center rounded-full",
                    isUser ? "bg-secondary text-secondary-foreground" : "bg-accent text-primary",
                  )}
                >
                  {isUser ? (
                    <User className="size-4" aria-hidden />
                  ) : (
                    <Bot className="size-4" aria-hidden />
                  )}
                </span>
                <div className={cn("flex max-w-[80%] flex-col gap-1", isUser && "items-end")}>
                  <span className="text-xs font-medium text-muted-foreground">
                    {isUser ? "You" : "Assistant"}
                    <span className="sr-only">:</span>
                  </span>
                  <div
                    className={cn(
                      "rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap break-words",
                      isUser
                        ? "rounded-tr-sm bg-primary text-primary-foreground"
                        : "rounded-tl-sm border bg-background",
                    )}
                  >
                    <p>{turn.text}</p>
                    {turn.url && turn.page ? (
                      <p className="mt-2 text-xs">
                        {demoChat.sourceLabel}{" "}
                        <Link
                          to={turn.url}
                          className="font-medium text-primary underline underline-offset-4"
                        >
                          {turn.page}
                        </Link>
                      </p>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        {pending || asking ? (
          <p
            className="mt-4 flex items-center gap-1 pl-10 text-xs text-muted-foreground"
            aria-hidden
          >
            <span className="inline-flex gap-1">
              <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
              <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:150ms]" />
              <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:300ms]" />
            </span>
            <span className="ml-1">Assistant is typing</span>
          </p>
        ) : null}
      </div>

      {offerHandover ? (
        <fetcher.Form
          method="post"
          action="/demo"
          noValidate
          onSubmit={checkHandover}
          aria-labelledby={`${id}-handover`}
          className="relative grid gap-4 border-t bg-accent/40 p-4 sm:grid-cols-2"
        >
          <div className="sm:col-span-2">
            <h3 id={`${id}-handover`} className="font-semibold">
              {demoChat.handoverTitle}
            </h3>
            <p className="text-sm text-muted-foreground">{demoChat.handoverIntro}</p>
          </div>
          <input type="hidden" name="intent" value="handover" />
          <input type="hidden" name="conversation" value={conversationJson} />
          <Field id={`${id}-name`} label="Name" error={fieldError("name")}>
            <Input name="name" autoComplete="name" maxLength={100} defaultValue={values?.name} />
          </Field>
          <Field id={`${id}-email`} label="Email" error={fieldError("email")}>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              maxLength={255}
              defaultValue={values?.email}
            />
          </Field>
          <Honeypot />
          <div className="sm:col-span-2">
            <PopiaNotice purpose="contact" />
          </div>
          {error?.field === "handover" ? (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {error.message}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={sending}>
              <Send aria-hidden />
              {sending ? "Sending..." : demoChat.handoverButton}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}

      <form
        ref={formRef}
        method="post"
        action="/demo#chat"
        onSubmit={ask}
        onFocus={preload}
        onPointerEnter={preload}
        className="flex flex-col gap-2 border-t p-4"
      >
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="conversation" value={conversationJson} />
        <Label htmlFor={inputId}>{demoChat.inputLabel}</Label>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id={inputId}
            name="question"
            defaultValue={documentResult?.values?.question}
            placeholder={demoChat.placeholder}
            autoComplete="off"
            maxLength={CHAT_LIMITS.question}
            {...describedBy("question", inputId)}
          />
          <Button type="submit">
            <Send aria-hidden />
            Send<span className="sr-only"> message</span>
          </Button>
        </div>
        {error?.field === "question" ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error.message}
          </p>
        ) : null}
      </form>
    </div>
  );
}
