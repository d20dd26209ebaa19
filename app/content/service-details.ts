import type { ServiceSlug } from "./services";

/** Service detail page content, apart from the card data so other pages do not ship it. */
export interface ServiceDetail {
  headline: string;
  intro: string;
  outcomes: { title: string; text: string }[];
  process: { step: string; text: string }[];
  faqs: { question: string; answer: string }[];
}

export const serviceDetails: Record<ServiceSlug, ServiceDetail> = {
  ai: {
    headline: "AI assistants that know your business",
    intro:
      "We design, train and run AI chatbots and assistants on your own knowledge: product catalogues, price lists, policies and past conversations. They answer customers in seconds, collect the details your team needs, and hand over to a person when it matters.",
    outcomes: [
      {
        title: "Answers in seconds, day and night",
        text: "Customers get accurate replies at 2 a.m. on a Sunday, not a 'we'll get back to you'.",
      },
      {
        title: "Qualified leads, not just chats",
        text: "The assistant asks the right questions and books the follow-up in your calendar or CRM.",
      },
      {
        title: "Grounded in your own content",
        text: "Replies cite your documents, so the assistant says what your business would say.",
      },
    ],
    process: [
      {
        step: "Discover",
        text: "We map the questions your customers ask and the outcomes you want.",
      },
      {
        step: "Build",
        text: "We connect your content, design the conversation and set the guardrails.",
      },
      { step: "Launch", text: "We go live on your channels with a human hand-off from day one." },
      { step: "Improve", text: "Monthly reviews of real conversations keep quality rising." },
    ],
    faqs: [
      {
        question: "Where does our data live?",
        answer:
          "We process personal information in line with POPIA and keep your knowledge base in the region you choose.",
      },
      {
        question: "Can it talk to our existing systems?",
        answer:
          "Yes. We integrate with common CRMs, booking tools, e-commerce platforms and your own APIs.",
      },
    ],
  },
  automations: {
    headline: "Workflows that run themselves",
    intro:
      "Most teams lose hours every week moving data between e-mail, spreadsheets, accounting and CRM systems. We automate those hand-offs end to end, with checks and audit trails, so the work gets done faster and with fewer mistakes.",
    outcomes: [
      {
        title: "Hours back every week",
        text: "Repetitive capture and reconciliation move from people to reliable workflows.",
      },
      {
        title: "Fewer errors",
        text: "Validation at every step catches missing fields and mismatches before they cost you.",
      },
      {
        title: "Visible results",
        text: "A dashboard shows every run, what it saved and anything that needs a person.",
      },
    ],
    process: [
      {
        step: "Audit",
        text: "We time your current process and find the steps worth automating.",
      },
      { step: "Design", text: "We agree the flow, the exceptions and who approves what." },
      {
        step: "Automate",
        text: "We build, test with real data and run it beside your team first.",
      },
      { step: "Support", text: "We monitor every run and adjust as your business changes." },
    ],
    faqs: [
      {
        question: "Which tools do you work with?",
        answer:
          "Microsoft 365, Google Workspace, Xero, Sage, HubSpot, Salesforce, Shopify and most tools with an API.",
      },
      {
        question: "What if a step fails?",
        answer:
          "Failed runs are retried, and anything that still needs a decision is routed to a named person.",
      },
    ],
  },
  "voice-agents": {
    headline: "Never miss a call again",
    intro:
      "Our voice agents pick up on the first ring, understand what the caller needs, and book, answer or route the call. Every conversation is summarised and sent to your team, so nothing falls through the cracks.",
    outcomes: [
      {
        title: "Every call answered",
        text: "After hours, over lunch and during load-shedding peaks, callers reach someone helpful.",
      },
      {
        title: "Bookings without back-and-forth",
        text: "The agent checks your calendar and confirms a slot during the call.",
      },
      {
        title: "Clear summaries",
        text: "Your team receives who called, why, and what was agreed, in seconds.",
      },
    ],
    process: [
      {
        step: "Script",
        text: "We write the call flows with you, in your brand's tone of voice.",
      },
      { step: "Connect", text: "We link your number, calendar and CRM." },
      { step: "Test", text: "We run real test calls until the agent sounds right." },
      {
        step: "Go live",
        text: "Calls flow to the agent, with a human fallback whenever it is needed.",
      },
    ],
    faqs: [
      {
        question: "Can callers speak to a person?",
        answer: "Always. The agent transfers the call or takes a message whenever a caller asks.",
      },
      {
        question: "Do you support South African numbers?",
        answer: "Yes, including geographic and 0860/0861 numbers through local carriers.",
      },
    ],
  },
  websites: {
    headline: "Websites that load fast and win business",
    intro:
      "We build websites that load in a blink on mobile data, are easy for everyone to use, and make it simple for visitors to get in touch. Every site ships with analytics, search optimisation and lead capture wired to your inbox or CRM.",
    outcomes: [
      {
        title: "Fast on mobile data",
        text: "Lean pages that load quickly on the phones and networks your customers actually use.",
      },
      {
        title: "Found on search",
        text: "Clean structure, metadata and content that search engines understand.",
      },
      {
        title: "More enquiries",
        text: "Clear calls to action, chat and booking turn visits into conversations.",
      },
    ],
    process: [
      { step: "Plan", text: "We agree goals, audience, pages and content." },
      { step: "Design", text: "We design mobile-first and review it with you page by page." },
      {
        step: "Build",
        text: "We build, test for speed and accessibility, and load your content.",
      },
      { step: "Grow", text: "We measure, improve and keep your site secure and up to date." },
    ],
    faqs: [
      {
        question: "Can you redesign our existing site?",
        answer: "Yes. We keep what works, move your content across and redirect old links.",
      },
      {
        question: "Who owns the website?",
        answer: "You do: the domain, the content and the code are yours.",
      },
    ],
  },
};
