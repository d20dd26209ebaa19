import { type ChatMessage, demoChat } from "~/content/demo";

export type ChatAction = { type: "send"; text: string } | { type: "reply" };

export const initialChat: ChatMessage[] = [{ text: demoChat.greeting, isUser: false }];

/** A message worth sending: the trimmed text, or null when it is blank. */
export function sendableText(draft: string): string | null {
  const text = draft.trim();
  return text ? text : null;
}

/** The demo chatbot's conversation: user messages and the fixed canned reply. */
export function chatReducer(messages: ChatMessage[], action: ChatAction): ChatMessage[] {
  switch (action.type) {
    case "send": {
      const text = sendableText(action.text);
      return text ? [...messages, { text, isUser: true }] : messages;
    }
    case "reply":
      return [...messages, { text: demoChat.cannedReply, isUser: false }];
  }
}
