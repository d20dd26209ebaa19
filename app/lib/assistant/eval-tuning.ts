/**
 * The tuning half of the site assistant's evaluation (decision 038): written the same way as the
 * held-out half (from the site's content, before looking at the retrieval), and the half whose
 * misses may be read to improve the word table, passages and weights. New wording a visitor
 * used goes here.
 */
import type { EvalCase } from "./eval-case";

const twoToSixWeeks = /2 to 6 weeks|two to six weeks/i;

export const tuning: EvalCase[] = [
  // Packages, prices and what they include
  { question: "What are your packages?", page: "/pricing" },
  { question: "cheapest option?", page: "/pricing", says: /R4,500/ },
  { question: "How much is the growth package per month", page: "/pricing", says: /R12,500/ },
  { question: "prices in rand or dollars?", page: "/pricing", says: /rand/ },
  { question: "do u charge VAT on top", page: "/pricing", says: /VAT/ },
  { question: "How much for enterprise?", page: "/pricing", says: /quot/i },
  { question: "Whats included in the starter pack", page: "/pricing", says: /1,000/ },
  { question: "Is there a contract lock-in?", page: "/pricing", says: /three-month/ },
  { question: "Which plan has unlimited automations", page: "/pricing", says: /Enterprise/ },
  { question: "what counts as one chat?", page: "/pricing" },
  { question: "Can we switch plans month to month?", page: "/pricing" },
  { question: "do you do a custom quote", page: "/pricing" },
  { question: "how much is a voice agent?", page: "/pricing", says: /R12,500/ },
  { question: "is it expensive? we're a small business", page: "/pricing", says: /R4,500/ },
  // AI chatbots and assistants
  { question: "Can you make a chatbot for our website?", page: "/services/ai" },
  { question: "does your chatbot speak zulu", page: "/services/ai" },
  { question: "Can the bot qualify leads for our sales team?", page: "/services/ai" },
  { question: "Where is our data kept if we use your AI?", page: "/services/ai" },
  { question: "Will the AI still reply at 2am on a Sunday?", page: "/services/ai" },
  { question: "do you train the bot on our FAQs", page: "/services/ai" },
  { question: "Kan die chatbot Afrikaans praat?", page: "/services/ai" },
  // Automations
  { question: "can you automate our order processing", page: "/services/automations" },
  { question: "Do you connect to Shopify?", page: "/services/automations", says: /Shopify/ },
  { question: "We use Microsoft 365, does that work?", page: "/services/automations" },
  { question: "approval workflows with audit trail?", page: "/services/automations" },
  { question: "do u do automtion for invoices", page: "/services/automations" },
  {
    question: "we still copy paste between excel and our accounting system",
    page: "/services/automations",
  },
  // Voice agents
  { question: "Can AI answer my phones after hours?", page: "/services/voice-agents" },
  { question: "does the voice agent send summaries of calls", page: "/services/voice-agents" },
  { question: "can it transfer a call to my staff", page: "/services/voice-agents" },
  {
    question: "voice bot in afrikaans?",
    page: ["/demo", "/services/voice-agents"],
    says: /Afrikaans/,
  },
  { question: "Do you support SA phone numbers", page: "/services/voice-agents" },
  { question: "Eish, our phones ring off the hook, can AI help?", page: "/services/voice-agents" },
  // Websites
  { question: "do you do SEO", page: "/services/websites" },
  { question: "is the website mobile friendly", page: "/services/websites" },
  { question: "Are your sites accessible for blind people (WCAG)?", page: "/services/websites" },
  {
    question: "Can you move our site from Wix and keep the old links?",
    page: "/services/websites",
  },
  // How a project runs
  { question: "whats the process", page: "/services" },
  { question: "How long does a project take?", page: "/services", says: twoToSixWeeks },
  { question: "What happens after go-live?", page: "/services" },
  { question: "how long to build a chatbot", page: "/services", says: twoToSixWeeks },
  // Industries
  { question: "Do you work with retailers?", page: "/solutions" },
  { question: "can you help an accounting firm", page: "/solutions" },
  {
    question: "We're a private hospital",
    page: ["/solutions", "/case-studies/healthcare-appointment-system"],
  },
  { question: "FICA checks automation?", page: "/solutions" },
  { question: "Do you work with restaurants or hotels?", page: "/solutions" },
  { question: "Can you help a university with enrolment?", page: "/solutions" },
  { question: "what about manufacturers", page: "/solutions" },
  // Case studies and results
  { question: "results from past clients?", page: "/case-studies" },
  {
    question: "How did the skincare brand increase sales",
    page: "/case-studies/ecommerce-overhaul",
  },
  {
    question: "Tell me about Amandla Cover Brokers",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "How much did no-shows drop at the clinic?",
    page: "/case-studies/healthcare-appointment-system",
    says: /6%/,
  },
  { question: "what did Mzansi Home & Hardware achieve", page: "/case-studies/retail-automation" },
  {
    question: "the call centre one, what languages?",
    page: "/case-studies/customer-service-transformation",
  },
  // Contact, hours, where
  { question: "Whats your number", page: "/contact", says: /555 0142/ },
  { question: "email address pls", page: "/contact", says: /hello@kopano\.ai/ },
  { question: "Where's your office in Cape Town?", page: "/contact", says: /Strand Street/ },
  { question: "what time do you close", page: "/contact", says: /17:00/ },
  { question: "can I whatsapp you", page: "/contact" },
  { question: "I'd like to book a call", page: "/contact" },
  // Privacy, POPIA, legal
  { question: "Is my data safe with you?", page: "/legal/privacy" },
  { question: "POPIA?", page: "/legal/privacy" },
  { question: "How long do you keep my enquiry?", page: "/legal/privacy", says: /24 months/ },
  { question: "Do you use Google Analytics?", page: "/legal/cookies" },
  { question: "Can I get a copy of my info?", page: "/legal/privacy" },
  { question: "Whats your PAIA manual", page: "/legal/paia-manual" },
  { question: "Can I cancel within 7 days?", page: "/legal/terms" },
  { question: "How long is a quote valid?", page: "/legal/terms", says: /30 days/ },
  // About and the demo
  { question: "How many projects have you done?", page: "/about", says: /500/ },
  { question: "Whats your mission", page: "/about" },
  { question: "What are your company values?", page: "/about" },
  { question: "Can I test the chatbot?", page: "/demo" },
  // Follow-ups: understood from the conversation
  {
    question: "and Enterprise?",
    before: ["What does Starter cost?"],
    page: "/pricing",
    says: /quot/i,
  },
  {
    question: "how long does it take to set up",
    before: ["Do you do voice agents?"],
    page: ["/services", "/services/voice-agents"],
    says: twoToSixWeeks,
  },
  {
    question: "what's included",
    before: ["How much is Growth?"],
    page: "/pricing",
    says: /10,000/,
  },
  {
    question: "and the results?",
    before: ["Tell me about the healthcare case study"],
    page: "/case-studies/healthcare-appointment-system",
    says: /6%/,
  },
  { question: "and Sage?", before: ["Do you integrate with Xero?"], page: "/services/automations" },
  {
    question: "and your hours?",
    before: ["What's your address?"],
    page: "/contact",
    says: /08:00/,
  },
  {
    question: "what can you do for them exactly",
    before: ["Do you help schools?"],
    page: "/solutions",
    says: /[Aa]dmissions/,
  },
  {
    question: "ok is VAT included",
    before: ["How much is Starter?", "and Growth?"],
    page: "/pricing",
    says: /VAT/,
  },
  // Not on the site: must be handed to the team
  { question: "What's the weather in Cape Town tomorrow?", page: null },
  { question: "Can you service my bakkie?", page: null },
  { question: "Do you accept Bitcoin?", page: null },
  { question: "Do you have a student discount?", page: null },
  { question: "Are there any vacancies?", page: null },
  { question: "Can you build me an Android game?", page: null },
  { question: "When is Eskom load shedding stage 6 ending?", page: null },
  { question: "Sell me airtime", page: null },
  { question: "Can you fix my laptop screen?", page: null },
  { question: "Recommend a good restaurant in Durban", page: null },
  { question: "can I speak to a real person", page: null },
  { question: "asdf qwerty", page: null },
  { question: "What's 2+2?", page: null },
  { question: "Can I order pizza here?", page: null },
  { question: "Do you offer a money-back guarantee?", page: null },
  { question: "Who is the president of South Africa?", page: null },
];
