import { describe, expect, it } from "vitest";
import { bulletList, inlineList, inSentence, phraseList, sentence } from "./format";

describe("the assistant's phrases inside a sentence", () => {
  it("lowers an ordinary first word", () => {
    expect(inSentence("Email support")).toBe("email support");
    expect(inSentence("Up to 1,000 conversations per month")).toBe(
      "up to 1,000 conversations per month",
    );
  });

  it("keeps acronyms and names spelt with inner capitals (the 'aI chatbots' bug)", () => {
    expect(inSentence("AI chatbots for your website, WhatsApp and social channels")).toBe(
      "AI chatbots for your website, WhatsApp and social channels",
    );
    expect(inSentence("CRM, accounting and e-mail integrations")).toBe(
      "CRM, accounting and e-mail integrations",
    );
    expect(inSentence("FICA document collection and verification")).toBe(
      "FICA document collection and verification",
    );
    expect(inSentence("WhatsApp reminders")).toBe("WhatsApp reminders");
    expect(inSentence("HubSpot")).toBe("HubSpot");
  });

  it("keeps names (the 'english, Afrikaans' bug) and words already in lower case", () => {
    expect(inSentence("English, Afrikaans, isiZulu and isiXhosa support")).toBe(
      "English, Afrikaans, isiZulu and isiXhosa support",
    );
    expect(inSentence("isiZulu support")).toBe("isiZulu support");
    expect(inSentence("Xero and Sage")).toBe("Xero and Sage");
    expect(inSentence("Monday to Friday")).toBe("Monday to Friday");
    expect(inSentence("Growth's features")).toBe("Growth's features");
  });

  it("leaves text that starts with a figure or a sign alone", () => {
    expect(inSentence("24/7 dedicated support")).toBe("24/7 dedicated support");
    expect(inSentence("")).toBe("");
  });
});

describe("the assistant's lists", () => {
  it("joins short items with commas and 'and'", () => {
    expect(inlineList(["a", "b", "c"])).toBe("a, b and c");
    expect(inlineList(["a", "b"])).toBe("a and b");
    expect(inlineList(["only"])).toBe("only");
    expect(inlineList([])).toBe("");
  });

  it("separates items that have commas of their own with semicolons", () => {
    expect(
      phraseList([
        "AI chatbots for your website, WhatsApp and social channels",
        "Lead qualification and hand-off to a human",
        "English, Afrikaans, isiZulu and isiXhosa support",
      ]),
    ).toBe(
      "AI chatbots for your website, WhatsApp and social channels; lead qualification and hand-off to a human; and English, Afrikaans, isiZulu and isiXhosa support",
    );
  });

  it("writes bullets one a line, keeping each item's capitals", () => {
    expect(bulletList(["Basic AI chatbot", "Email support."])).toBe(
      "• Basic AI chatbot\n• Email support",
    );
  });

  it("ends a sentence once", () => {
    expect(sentence("Hello")).toBe("Hello.");
    expect(sentence("Hello.")).toBe("Hello.");
    expect(sentence("Includes:")).toBe("Includes:");
  });
});
