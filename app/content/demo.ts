import { site } from "./site";

/** A message in the demo chatbot. */
export interface ChatMessage {
  text: string;
  isUser: boolean;
}

export const demoPage = {
  title: "Try Our AI Demo",
  intro:
    "Get a feel for how an AI assistant and a voice agent could serve your customers. This demo runs entirely in your browser: nothing you type is sent or stored.",
  chatTitle: "AI Chatbot",
  chatIntro:
    "Ask a question as one of your customers would. A custom assistant is trained on your own products, prices and policies.",
  ctaTitle: "Want to See It With Your Own Data?",
  ctaText:
    "We'll build a short demo around your business and walk you through it in a free 30-minute session.",
  ctaLabel: "Book a Personalized Demo",
};

export const demoChat = {
  assistantName: `${site.name} assistant`,
  greeting: `Hello! I'm the ${site.name} demo assistant. Ask me about AI chatbots, workflow automation, voice agents or websites for your business.`,
  cannedReply:
    "Thanks for your message! This is a demo chatbot. To see what a custom AI assistant can do for your business, book a personalised demo with our team.",
  replyDelayMs: 1000,
  inputLabel: "Type your message",
  placeholder: "e.g. Can you help us answer customer questions after hours?",
};

export const voiceAgent = {
  title: "Voice Agent",
  intro:
    "Call our demo line to hear an AI voice agent answer, understand your request and book a follow-up, just as it would for your customers.",
  phoneLabel: "Demo line",
  availability: "Available 24/7",
  features: [
    "Natural conversation in English and Afrikaans",
    "Books appointments straight into your calendar",
    "Sends a call summary to your team in seconds",
  ],
  buttonLabel: "Schedule Voice Demo",
  toastTitle: "Voice demos are booked through our team",
  toastDescription: `Call us on ${site.phone} or e-mail ${site.email}, and we'll set up a voice agent demo for your business.`,
};
