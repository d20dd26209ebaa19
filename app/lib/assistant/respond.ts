/**
 * The assistant for any channel (decision 038): a question and the conversation before it go
 * in; the answer's text, the pages it links to and whether to hand the conversation to the team
 * come out. The /demo chat uses it on the server; another channel (WhatsApp, issue 34 point 4)
 * passes its own conversation the same way and decides how to show the links and the handover.
 */
import type { Assistant, PriorTurn, Reply } from "./engine";

export interface AssistantAnswer {
  /** What the assistant says (plain text; list items on their own lines, after "• "). */
  text: string;
  /** The site pages the answer comes from (a path, maybe with a #fragment, and its name). */
  links: { url: string; page: string }[];
  /**
   * True when the conversation should go to a person: the assistant is not sure of an answer,
   * or the visitor asked for a person.
   */
  handOver: boolean;
  /** The reply as the engine gave it (its kind tells why it hands over). */
  reply: Reply;
}

/** A conversation as any channel keeps it: the new question and the turns before it. */
export interface Conversation {
  question: string;
  /** Earlier messages, oldest first (the visitor's and the assistant's). */
  turns?: PriorTurn[];
}

export function respond(assistant: Assistant, conversation: Conversation): AssistantAnswer {
  return answerOf(assistant.reply(conversation.question, conversation.turns ?? []));
}

/** A reply as any channel shows it. */
export function answerOf(reply: Reply): AssistantAnswer {
  return {
    text: reply.text,
    links: reply.kind === "answer" ? [{ url: reply.url, page: reply.page }] : [],
    handOver: reply.kind === "unsure" || reply.kind === "handover",
    reply,
  };
}
