import { describe, expect, it } from "vitest";
import { demoChat } from "~/content/demo";
import { chatReducer, initialChat, sendableText } from "./demo-chat-state";

describe("demo chat state", () => {
  it("starts with the assistant's greeting", () => {
    expect(initialChat).toEqual([{ text: demoChat.greeting, isUser: false }]);
  });

  it("does not send blank or whitespace-only messages", () => {
    expect(sendableText("")).toBeNull();
    expect(sendableText("   \n\t")).toBeNull();
    expect(chatReducer(initialChat, { type: "send", text: "   " })).toBe(initialChat);
  });

  it("appends the user's trimmed message", () => {
    const next = chatReducer(initialChat, { type: "send", text: "  Hello there " });
    expect(next).toEqual([...initialChat, { text: "Hello there", isUser: true }]);
  });

  it("appends the fixed canned reply", () => {
    const sent = chatReducer(initialChat, { type: "send", text: "Hi" });
    const replied = chatReducer(sent, { type: "reply" });
    expect(replied.at(-1)).toEqual({ text: demoChat.cannedReply, isUser: false });
    expect(replied).toHaveLength(3);
  });
});
