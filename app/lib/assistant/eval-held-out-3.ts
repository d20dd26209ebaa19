/**
 * The third held-out set of the site assistant's evaluation (decision 038). Held-out set 2
 * scored 81.3 % top-1, 9.3 % handed over and 87.5 % of out-of-scope questions handed over at
 * its first run; its misses were then seen. This set was written from the site's content the
 * same way, before any change made after that run, and committed before them. Never tune on it.
 */
import type { EvalCase } from "./eval-case";

const twoToSixWeeks = /2 to 6 weeks|two to six weeks/i;

export const heldOutThird: EvalCase[] = [
  // Packages, prices and what they include
  { question: "How much does Growth cost a month?", page: "/pricing", says: /R12,500/ },
  { question: "whats the cheapest package u have", page: "/pricing", says: /R4,500/ },
  { question: "Enterprise price?", page: "/pricing", says: /quot/i },
  { question: "Are the prices monthly or once-off?", page: "/pricing", says: /month/ },
  { question: "What's the minimum contract period?", page: "/pricing", says: /three-month/ },
  { question: "how many conversations does Starter allow", page: "/pricing", says: /1,000/ },
  {
    question: "Which package comes with a dedicated account manager?",
    page: "/pricing",
    says: /Enterprise/,
  },
  { question: "what's a conversation exactly?", page: "/pricing" },
  { question: "Can I change my plan?", page: "/pricing" },
  { question: "How much is a voice bot per month?", page: "/pricing", says: /R12,500/ },
  { question: "Do you charge a setup fee?", page: "/pricing", says: /once-off|setup/i },
  // AI chatbots and assistants
  { question: "Can your AI answer customer questions on our website?", page: "/services/ai" },
  { question: "does the chatbot speak Xhosa?", page: "/services/ai" },
  { question: "Can the bot pass a chat to a real person on our team?", page: "/services/ai" },
  { question: "Where do you keep our knowledge base?", page: "/services/ai" },
  // Automations
  { question: "can you automate document processing", page: "/services/automations" },
  { question: "Do you integrate with HubSpot?", page: "/services/automations", says: /HubSpot/ },
  { question: "can we get approvals with an audit trail", page: "/services/automations" },
  { question: "how do we see the money the automations save?", page: "/services/automations" },
  // Voice agents
  { question: "Can an AI voice answer our calls 24/7?", page: "/services/voice-agents" },
  {
    question: "Does the voice agent route calls to the right person?",
    page: "/services/voice-agents",
  },
  { question: "Can the voice agent work with 0860 numbers?", page: "/services/voice-agents" },
  {
    question: "How long would a voice agent project take?",
    page: ["/services", "/services/voice-agents"],
    says: twoToSixWeeks,
  },
  // Websites
  { question: "Can you redesign our site?", page: "/services/websites" },
  { question: "Are your websites accessible?", page: "/services/websites" },
  { question: "Do you build websites that work well on phones?", page: "/services/websites" },
  // How a project runs
  { question: "How does your process work?", page: "/services" },
  {
    question: "how long does it take to build a chatbot?",
    page: ["/services", "/services/ai"],
    says: twoToSixWeeks,
  },
  { question: "What's the first step?", page: ["/services", "/contact"] },
  // Industries
  {
    question: "Do you work with insurance companies?",
    page: ["/solutions", "/case-studies/customer-service-transformation"],
  },
  { question: "can you help a property management company", page: "/solutions" },
  { question: "We're a college, what can you do for us?", page: "/solutions" },
  { question: "Do you work with NPOs?", page: "/solutions" },
  { question: "what do you do for retail?", page: "/solutions" },
  // Case studies and results
  {
    question: "What results did the brokerage get?",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "how did you cut no-shows at the Durban clinic",
    page: "/case-studies/healthcare-appointment-system",
  },
  { question: "Tell me about Fynbos & Co.", page: "/case-studies/ecommerce-overhaul" },
  {
    question: "How long did the hardware project take?",
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  // Contact, hours, where
  { question: "phone number?", page: "/contact", says: /555 0142/ },
  { question: "Whats your address?", page: "/contact", says: /Strand Street/ },
  { question: "are you open on sundays", page: "/contact", says: /Mon–Fri|weekends/ },
  { question: "How fast do you reply?", page: "/contact", says: /24 hours/ },
  // Privacy and legal
  { question: "Do you sell personal information?", page: "/legal/privacy" },
  { question: "how do I get my data deleted", page: ["/legal/privacy", "/contact"] },
  { question: "Do you use analytics cookies?", page: "/legal/cookies" },
  // About and the demo
  { question: "How many projects have you delivered?", page: "/about", says: /500/ },
  { question: "Can I hear the voice agent?", page: "/demo" },
  // Follow-ups
  {
    question: "and Growth?",
    before: ["What's included in Starter?"],
    page: "/pricing",
    says: /10,000/,
  },
  {
    question: "how much is it?",
    before: ["Which package has a voice agent?"],
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "and how long did that take?",
    before: ["Tell me about the medical centre case study"],
    page: "/case-studies/healthcare-appointment-system",
    says: /8 weeks/,
  },
  {
    question: "and your hours?",
    before: ["Where is your office?"],
    page: "/contact",
    says: /08:00/,
  },
  {
    question: "what about Sage?",
    before: ["Do you work with Xero?"],
    page: "/services/automations",
    says: /Sage/,
  },
  {
    question: "how much would it cost?",
    before: ["Can you build us a chatbot?"],
    page: "/pricing",
    says: /R4,500/,
  },
  // Not on the site: must be handed to the team
  { question: "Can I pay in instalments?", page: null },
  { question: "Do you build apps for Android?", page: null },
  { question: "What's the exchange rate for euros?", page: null },
  { question: "Can you fix my car radio?", page: null },
  { question: "Are you hiring interns?", page: null },
  { question: "Do you sell laptops?", page: null },
  { question: "What's the weather in Joburg?", page: null },
  { question: "Can I speak to someone from sales?", page: null },
  { question: "Do you offer a free trial month?", page: null },
  { question: "Can you give me legal advice about my divorce?", page: null },
  { question: "Who won the cricket?", page: null },
  { question: "What is the best braai recipe?", page: null },
  { question: "Do you do SEO for free?", page: null },
  { question: "qwertyuiop", page: null },
];
