/**
 * The eighth held-out set of the site assistant's evaluation (decision 105). Held-out set 7 was
 * measured once (figures only) with main's engine and with decision 105's related-words reader,
 * and missed the aims; no change may be tuned on it. This set was written after that
 * measurement and before the next change, from the public site's content only (app/content and
 * the product spec's pages), in visitors' own words, without running the assistant on it or
 * reading any set's misses for it. Never tune on it; never edit a question or its expected
 * answer to fit.
 */
import type { EvalCase } from "./eval-case";

export const heldOutEighth: EvalCase[] = [
  // Packages and prices
  {
    question: "sawubona, what will the growth option set me back monthly",
    page: "/pricing",
    says: /R12,500/,
  },
  { question: "is the R4500 a once off or every month?", page: "/pricing", says: /month/i },
  { question: "big company here, how do you price the top tier", page: "/pricing", says: /quote/i },
  { question: "how many chat sessions fit in the entry plan", page: "/pricing", says: /1,000/ },
  {
    question: "is the support on starter only by email?",
    page: "/pricing",
    says: /Email support/i,
  },
  {
    question: "can we host the whole thing in our own data centre",
    page: "/pricing",
    says: /on-premise/i,
  },
  { question: "whats a conversation exactly, is every message billed?", page: "/pricing" },
  { question: "can we downgrade at month end if things get tight", page: "/pricing" },
  {
    question: "ok so whats in that bundle",
    before: ["tell me about the enterprise plan"],
    page: "/pricing",
  },
  // AI services
  { question: "can the bot reply to our instagram DMs", page: "/services/ai" },
  {
    question: "will the chatbot only use our price list and policies when answering?",
    page: "/services/ai",
  },
  {
    question: "can the AI collect a customer's details and put a meeting in our calendar",
    page: "/services/ai",
  },
  {
    question: "when the AI is stumped, who steps in?",
    page: "/services/ai",
  },
  // Automations
  {
    question: "we retype every order from email into excel, can you sort that out",
    page: "/services/automations",
  },
  {
    question: "do your automations connect with Xero for our bookkeeping?",
    page: "/services/automations",
    says: /Xero/,
  },
  {
    question: "can a workflow wait for my sign-off before it goes ahead",
    page: "/services/automations",
  },
  {
    question: "how do you decide which parts of our process to automate first",
    page: "/services/automations",
  },
  {
    question: "will we be able to see what every automation run did",
    page: "/services/automations",
  },
  // Voice agents
  {
    question: "our receptionist is drowning in calls, could an AI voice take some of them",
    page: "/services/voice-agents",
  },
  {
    question: "does the call bot write up what the caller wanted for my team",
    page: "/services/voice-agents",
  },
  {
    question: "we use a sharecall 0860 line, compatible?",
    page: "/services/voice-agents",
    says: /0860|0861/,
  },
  {
    question: "if a patient insists on a human, can the voice agent hand the call over?",
    page: "/services/voice-agents",
  },
  {
    question: "does the phone assistant speak afrikaans",
    page: ["/demo", "/services/voice-agents"],
  },
  // Websites
  {
    question: "will our site come up when people google plumbers in our area",
    page: "/services/websites",
  },
  {
    question: "can you make our site easier to use on a cheap android phone",
    page: "/services/websites",
  },
  {
    question: "does the new website come with analytics so we see visitors",
    page: "/services/websites",
  },
  {
    question: "what are the steps when you build us a website",
    page: ["/services/websites", "/services"],
  },
  // Industries
  {
    question: "we sell insurance policies, can a bot handle claim status questions",
    page: "/solutions",
  },
  {
    question: "ek bestuur 'n dokterspraktyk, can you cut our no-shows",
    page: ["/solutions", "/case-studies/healthcare-appointment-system"],
  },
  {
    question: "our bookkeeping practice wastes days on billing and chasing late payers, ideas?",
    page: "/solutions",
  },
  {
    question: "we're a varsity, can students get answers about courses at night",
    page: "/solutions",
  },
  {
    question: "property management company here, can tenants log maintenance with a bot",
    page: "/solutions",
  },
  {
    question: "does your stuff help retail shops with stock reorders",
    page: ["/solutions", "/case-studies/retail-automation"],
  },
  // Case studies
  {
    question: "the Johannesburg insurance guys, was it worth it for them",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "how much faster is dispatch at the skincare company now",
    page: "/case-studies/ecommerce-overhaul",
    says: /Same day|same day/,
  },
  {
    question: "what percentage less stock admin did the hardware chain have",
    page: "/case-studies/retail-automation",
    says: /68%/,
  },
  {
    question: "did the medical centre's reception spend less time on the phone",
    page: "/case-studies/healthcare-appointment-system",
    says: /50%/,
  },
  {
    question: "and what did their boss say about it",
    before: ["tell me about the Protea medical centre"],
    page: "/case-studies/healthcare-appointment-system",
  },
  // The company and how to reach it
  {
    question: "which city is your head office in",
    page: ["/contact", "/about"],
    says: /Cape Town/,
  },
  { question: "give me your landline please", page: "/contact", says: /555 0142/ },
  {
    question: "from what time can I phone you in the mornings",
    page: ["/contact", "/"],
    says: /08:00/,
  },
  {
    question: "is parking a problem if I visit your office",
    page: "/contact",
    says: /parking|garage/i,
  },
  { question: "what's your track record, number of builds done", page: "/about", says: /500/ },
  { question: "why does Kopano exist, what are you trying to achieve", page: "/about" },
  {
    question: "i'd like a slot to hear the voice bot demo, can I book it on the site",
    page: "/demo",
  },
  {
    question: "after the first call, how long until I see a proposal",
    page: ["/services", "/pricing", "/"],
    says: /one business day/i,
  },
  // Privacy and legal
  { question: "do advertisers get hold of our details through you", page: "/legal/privacy" },
  {
    question: "for how many years are our contracts and billing records retained",
    page: "/legal/privacy",
    says: /five years|5 years/,
  },
  {
    question: "can I download everything you hold about me from the portal",
    page: "/legal/privacy",
  },
  {
    question: "does the dark mode setting use a cookie",
    page: "/legal/cookies",
    says: /12 months/,
  },
  { question: "is what the chatbot says legally binding", page: "/legal/terms" },
  { question: "can kids under 18 use your services", page: "/legal/privacy" },
  // Out of scope: the agency does not do it, or the site does not state it
  { question: "what's the best time to plant tomatoes in Gauteng", page: null },
  { question: "our boardroom air conditioner is broken, can you send a technician", page: null },
  { question: "how much does a Toyota Hilux cost new", page: null },
  { question: "which bank has the lowest home loan rate", page: null },
  { question: "is the Gautrain running today", page: null },
  { question: "do you do wedding photography", page: null },
  { question: "how do I get my learner's licence", page: null },
  { question: "can you deliver groceries to Khayelitsha", page: null },
  { question: "what's the capital gains tax rate", page: null },
  { question: "do you sell office furniture", page: null },
  { question: "when is the next public holiday in SA", page: null },
  { question: "my dog ate chocolate, is that dangerous", page: null },
];
