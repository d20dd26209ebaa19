/**
 * The /demo chat form's handler: the site assistant answers a question (`answer`), or hands the
 * conversation to the team as a 'chat' lead. Works before the page's scripts have loaded and
 * without JavaScript.
 */
import { data } from "react-router";
import {
  appendTurns,
  CHAT_MESSAGES,
  type ChatResult,
  type ChatTurn,
  greetingTurn,
  replyTurn,
} from "~/lib/assistant/conversation";
import { chatHandoverSchema, chatQuestionSchema, parseConversation } from "~/lib/validation/chat";
import { firstIssue } from "~/lib/validation/zod";
import { getDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import { answer, conversationAsAnswered, overQuestionLimit } from "~/server/leads/assistant.server";
import { submitChatLead } from "~/server/leads/chat-leads.server";
import { submitOptionsFor } from "~/server/leads/leads.server";
import { logger } from "~/server/logger.server";
import { FORM_UNREADABLE, readFormData } from "../form.server";
import { leadOrigin } from "./lead-form.server";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * The /demo action. `intent=ask` (the default) answers `question`; `intent=handover` keeps
 * the conversation as a 'chat' lead with the visitor's name and e-mail.
 */
export async function handleChatForm(request: Request) {
  const form = await readFormData(request);
  if (!form) {
    return data<ChatResult>(
      { conversation: [greetingTurn], error: FORM_UNREADABLE },
      { status: 400 },
    );
  }
  const stored = parseConversation(form.get("conversation"));
  const conversation = stored && stored.length > 0 ? stored : [greetingTurn];
  const intent = text(form, "intent") === "handover" ? "handover" : "ask";
  if (stored === null && form.has("conversation")) {
    return data<ChatResult>(
      {
        conversation: [greetingTurn],
        error: CHAT_MESSAGES.conversation,
        values: { question: text(form, "question").slice(0, 2000) },
      },
      { status: 400 },
    );
  }

  if (intent === "handover") return handover(request, form, conversation);

  const parsed = chatQuestionSchema.safeParse({ question: text(form, "question") });
  if (!parsed.success) {
    return data<ChatResult>(
      {
        conversation,
        error: firstIssue(parsed.error).message,
        field: "question",
        values: { question: text(form, "question").slice(0, 2000) },
      },
      { status: 400 },
    );
  }
  const ip = request.headers.get("x-client-ip") ?? "unknown";
  if (await overQuestionLimit(await getDb(), ip, env().CHAT_RATE_LIMIT)) {
    return data<ChatResult>(
      {
        conversation,
        error: CHAT_MESSAGES.rateLimited,
        field: "question",
        values: { question: parsed.data.question },
      },
      { status: 429, headers: { "Retry-After": "60" } },
    );
  }
  const question = parsed.data.question;
  const reply = await answer(question, conversation);
  return data<ChatResult>({
    conversation: appendTurns(conversation, { role: "user", text: question }, replyTurn(reply)),
  });
}

async function handover(request: Request, form: FormData, carried: ChatTurn[]) {
  // What staff read as the assistant's words is what it said (issue 29).
  const conversation = await conversationAsAnswered(carried);
  const values = { name: text(form, "name"), email: text(form, "email") };
  const parsed = chatHandoverSchema.safeParse(values);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return data<ChatResult>(
      {
        conversation,
        error: issue.message,
        field: issue.field === "email" ? "email" : "name",
        values,
      },
      { status: 400 },
    );
  }
  try {
    const honeypot = form.get("website");
    const result = await submitChatLead(
      await getDb(),
      { ...parsed.data, conversation },
      submitOptionsFor(leadOrigin(request), env(), typeof honeypot === "string" ? honeypot : null),
    );
    if (!result.ok) {
      return data<ChatResult>(
        { conversation, error: result.message, values },
        { status: result.status },
      );
    }
    return data<ChatResult>({
      handedOver: true,
      conversation: appendTurns(conversation, {
        role: "assistant",
        text: `Thank you, ${parsed.data.name}. I've passed your question to our team; they'll reply to ${parsed.data.email} within 24 hours on business days.`,
      }),
    });
  } catch (error) {
    logger.error({ err: error }, "chat handover failed");
    return data<ChatResult>(
      {
        conversation,
        error: "Your question could not be passed on just now. Please try again, or call us.",
        values,
      },
      { status: 503 },
    );
  }
}
