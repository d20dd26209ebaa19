import { Bot, Send, User } from "lucide-react";
import { useEffect, useId, useReducer, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { demoChat } from "~/content/demo";
import { cn } from "~/lib/utils";
import { chatReducer, initialChat, sendableText } from "./demo-chat-state";

/**
 * The demo AI chatbot. Runs entirely in the browser: each message gets the same canned
 * reply after `demoChat.replyDelayMs`, and nothing is sent to a server.
 */
export function DemoChat() {
  const inputId = useId();
  const [messages, dispatch] = useReducer(chatReducer, initialChat);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = timers.current;
    return () => {
      for (const t of active) clearTimeout(t);
      active.clear();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or the typing indicator appears
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, pending]);

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = sendableText(draft);
    if (!text) return;
    dispatch({ type: "send", text });
    setDraft("");
    setPending((n) => n + 1);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      dispatch({ type: "reply" });
      setPending((n) => n - 1);
    }, demoChat.replyDelayMs);
    timers.current.add(timer);
  }

  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="flex items-center gap-3 border-b bg-primary px-4 py-3 text-primary-foreground">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary-foreground/15">
          <Bot className="size-5" aria-hidden />
        </span>
        <div>
          <p className="font-semibold leading-tight">{demoChat.assistantName}</p>
          <p className="text-xs opacity-90">Demo mode: replies are examples</p>
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
          {messages.map((message, i) => (
            <li
              // Messages are only ever appended, so the index is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
              key={i}
              className={cn("flex gap-2", message.isUser ? "flex-row-reverse" : "flex-row")}
            >
              <span
                className={cn(
                  "mt-5 inline-flex size-8 shrink-0 items-center justify-center rounded-full",
                  message.isUser
                    ? "bg-secondary text-secondary-foreground"
                    : "bg-accent text-primary",
                )}
              >
                {message.isUser ? (
                  <User className="size-4" aria-hidden />
                ) : (
                  <Bot className="size-4" aria-hidden />
                )}
              </span>
              <div className={cn("flex max-w-[80%] flex-col gap-1", message.isUser && "items-end")}>
                <span className="text-xs font-medium text-muted-foreground">
                  {message.isUser ? "You" : "Assistant"}
                  <span className="sr-only">:</span>
                </span>
                <p
                  className={cn(
                    "rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap break-words",
                    message.isUser
                      ? "rounded-tr-sm bg-primary text-primary-foreground"
                      : "rounded-tl-sm border bg-background",
                  )}
                >
                  {message.text}
                </p>
              </div>
            </li>
          ))}
        </ul>
        {pending > 0 ? (
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

      <form onSubmit={handleSubmit} className="flex flex-col gap-2 border-t p-4">
        <Label htmlFor={inputId}>{demoChat.inputLabel}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={demoChat.placeholder}
            autoComplete="off"
            maxLength={500}
          />
          <Button type="submit" disabled={!sendableText(draft)}>
            <Send aria-hidden />
            Send<span className="sr-only"> message</span>
          </Button>
        </div>
      </form>
    </div>
  );
}
