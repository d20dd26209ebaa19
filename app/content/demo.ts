import { site } from "./site";

export const demoPage = {
  title: "Try Our AI Demo",
  intro:
    "Get a feel for how an AI assistant and a voice agent could serve your customers. Our own assistant answers from this website's pages; if it can't help, it offers to pass your question to our team.",
  chatTitle: "AI Chatbot",
  chatIntro:
    "Ask about our services, packages and prices, case studies, privacy or how to reach us. A custom assistant for your business would answer from your own products, prices and policies in the same way.",
  ctaTitle: "Want to See It With Your Own Data?",
  ctaText:
    "We'll build a short demo around your business and walk you through it in a free 30-minute session.",
  ctaLabel: "Book a Personalized Demo",
};

export const demoChat = {
  assistantName: `${site.name} assistant`,
  greeting: `Hello! I'm the ${site.name} demo assistant. Ask me about AI chatbots, workflow automation, voice agents or websites for your business.`,
  /** Shown under the assistant's name: it is a program, not a person. */
  automatedNotice: "Automated assistant: answers come from our website, not from a person",
  sourceLabel: "Source:",
  handoverTitle: "Pass your question to our team",
  handoverIntro:
    "Leave your name and e-mail and a person will reply within 24 hours on business days.",
  handoverButton: "Send to the team",
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
  /** The booking page the button opens (issue 33): the voice demo call. */
  buttonHref: "/book/voice-demo",
  bookText:
    "Book a voice demo call online: choose a free time on our booking page (/book/voice-demo).",
};
