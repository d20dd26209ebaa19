/**
 * The held-out half of the site assistant's evaluation (decision 038). Written from the site's
 * content (app/content/) before looking at what the retrieval returns, and committed before any
 * tuning. Never tune on it: do not read its misses to change the word table, passages or
 * weights; write a new question in eval-tuning.ts instead. The questions issue 34 quotes are
 * here.
 */
import type { EvalCase } from "./eval-case";

const twoToSixWeeks = /2 to 6 weeks|two to six weeks/i;

export const heldOut: EvalCase[] = [
  // Packages, prices and what they include
  { question: "What's the difference between Starter and Enterprise?", page: "/pricing" },
  { question: "How much is a WhatsApp bot?", page: "/pricing", says: /R4,500/ },
  { question: "hw much do u charge per month", page: "/pricing", says: /R4,500|R12,500/ },
  { question: "Is the price incl VAT?", page: "/pricing", says: /VAT/ },
  {
    question: "How many chats do I get on the cheapest plan?",
    page: "/pricing",
    says: /1,000/,
  },
  { question: "Whats the most popular package", page: "/pricing", says: /Growth/ },
  { question: "Do I have to sign a long contract?", page: "/pricing", says: /three-month/ },
  { question: "Can I downgrade if its too expensive?", page: "/pricing" },
  { question: "is there a once-off fee to get started", page: "/pricing", says: /once-off|setup/i },
  { question: "Is enterprise pricing fixed or quoted?", page: "/pricing", says: /quot/i },
  { question: "What happens if we go over 10000 conversations", page: "/pricing" },
  { question: "budget is about R5000 a month, what can I get?", page: "/pricing", says: /Starter/ },
  { question: "does growth come with a voice agent", page: "/pricing", says: /[Vv]oice agent/ },
  { question: "How fast will I get a quote?", page: "/pricing", says: /one business day/ },
  { question: "Can we host it on our own servers?", page: "/pricing", says: /[Oo]n-premise/ },
  { question: "Sharp, how much for the middle package?", page: "/pricing", says: /R12,500/ },
  { question: "whats the pricng for growht", page: "/pricing", says: /R12,500/ },
  // AI chatbots and assistants
  { question: "Can your bot answer in isiXhosa?", page: "/services/ai" },
  { question: "Can the chatbot work on Facebook and Instagram?", page: "/services/ai" },
  { question: "Will the bot know about our own products and policies?", page: "/services/ai" },
  {
    question: "What if the bot can't answer, does a person take over?",
    page: "/services/ai",
  },
  { question: "Can the chatbot book meetings into our CRM?", page: "/services/ai" },
  // Automations
  { question: "Do you integrate with Sage?", page: "/services/automations", says: /Sage/ },
  {
    question: "we waste hours retyping invoices into pastel, can you automate that",
    page: "/services/automations",
  },
  { question: "Cn you integrte with Xero and HubSpot?", page: "/services/automations" },
  { question: "What happens when an automation breaks?", page: "/services/automations" },
  { question: "can i see how much time the automation saves", page: "/services/automations" },
  // Voice agents
  { question: "Can a voice bot book appointments over the phone?", page: "/services/voice-agents" },
  {
    question: "We want an AI receptionist that picks up the phone",
    page: "/services/voice-agents",
  },
  {
    question: "How long does a voice agent take?",
    page: ["/services", "/services/voice-agents"],
    says: twoToSixWeeks,
  },
  { question: "Will it work with our 0861 number?", page: "/services/voice-agents" },
  { question: "Can callers still get hold of a real person?", page: "/services/voice-agents" },
  {
    question: "during load shedding will my callers still get answered",
    page: "/services/voice-agents",
  },
  // Websites
  { question: "Will my new website show up on Google?", page: "/services/websites" },
  { question: "Can you redo our old website?", page: "/services/websites" },
  { question: "who owns the site after you build it", page: "/services/websites", says: /You do/ },
  {
    question: "Our site is super slow on mobile data",
    page: ["/services/websites", "/case-studies/ecommerce-overhaul"],
  },
  // How a project runs
  { question: "How long until we go live?", page: "/services", says: twoToSixWeeks },
  { question: "what happens after I contact you", page: ["/services", "/contact"] },
  {
    question: "How long is the free consultation?",
    page: ["/services", "/contact", "/about"],
    says: /30 minutes|30-minute/,
  },
  // Industries
  { question: "We are a school, can you help us?", page: "/solutions" },
  { question: "I run a small law firm, is this useful for attorneys?", page: "/solutions" },
  {
    question: "Do you do anything for property rentals, like tenant screening?",
    page: "/solutions",
  },
  {
    question: "Can you help an insurance broker?",
    page: ["/solutions", "/case-studies/customer-service-transformation"],
  },
  { question: "Do you work with NGOs?", page: "/solutions" },
  {
    question: "we're a logistics company with a fleet of bakkies, can you help?",
    page: "/solutions",
  },
  { question: "Can patients fill in their medical aid details online?", page: "/solutions" },
  // Case studies and results
  { question: "Do you have examples of work you've done?", page: "/case-studies" },
  {
    question: "How much money did the hardware shop save?",
    page: "/case-studies/retail-automation",
    says: /R1\.2m|R1\.2 million/,
  },
  { question: "What did you do for Fynbos?", page: "/case-studies/ecommerce-overhaul" },
  {
    question: "the Durban medical centre project, how long did it take",
    page: "/case-studies/healthcare-appointment-system",
    says: /8 weeks/,
  },
  {
    question: "Did the insurance brokerage's clients wait less on hold?",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "have you done anything for a doctor's practice",
    page: ["/solutions", "/case-studies/healthcare-appointment-system"],
  },
  // Contact, hours, where
  { question: "howzit, whats ur whatsapp number", page: "/contact", says: /555 0142/ },
  { question: "where are you guys based?", page: "/contact", says: /Cape Town/ },
  { question: "r u open on weekends", page: "/contact", says: /Mon–Fri|Monday/ },
  { question: "How quickly do you reply to emails?", page: "/contact", says: /24 hours/ },
  { question: "Is there parking at your office?", page: "/contact", says: /[Pp]arking/ },
  { question: "Can I book a demo?", page: ["/contact", "/demo"] },
  // Privacy, POPIA, legal
  { question: "Do you sell my data to anyone?", page: "/legal/privacy" },
  { question: "How do I get you to delete my info?", page: ["/legal/privacy", "/contact"] },
  { question: "does this site track me with cookies", page: "/legal/cookies" },
  { question: "Do you store what I type in this chat?", page: "/legal/privacy" },
  { question: "Who's the POPIA information officer?", page: "/legal/privacy" },
  { question: "How do I request records under PAIA?", page: "/legal/paia-manual" },
  // About and the demo
  { question: "How many clients are happy with you?", page: "/about", says: /98%/ },
  { question: "Are you a South African company?", page: "/about" },
  { question: "tell me about ur company", page: "/about" },
  { question: "Can I phone the voice agent demo line?", page: "/demo" },
  // Follow-ups: understood from the conversation
  {
    question: "and the Growth one?",
    before: ["How much is Starter?"],
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "how much?",
    before: ["Tell me about voice agents"],
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "any case studies?",
    before: ["What do you do for estate agents?"],
    page: "/case-studies",
  },
  {
    question: "how long does that take",
    before: ["Do you build websites?"],
    page: ["/services", "/services/websites"],
    says: twoToSixWeeks,
  },
  {
    question: "which one has priority support",
    before: ["What's in the Enterprise package?", "ok and Starter?"],
    page: "/pricing",
    says: /Growth/,
  },
  {
    question: "and email?",
    before: ["What's your phone number?"],
    page: "/contact",
    says: /hello@kopano\.ai/,
  },
  {
    question: "how long did it take?",
    before: ["Tell me about the retail case study"],
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  { question: "how much would that cost", before: ["Do you work with clinics?"], page: "/pricing" },
  {
    question: "what about Zulu?",
    before: ["Can the chatbot speak Afrikaans?"],
    page: "/services/ai",
  },
  // Not on the site: must be handed to the team
  { question: "What's the load shedding schedule for Soweto tonight?", page: null },
  { question: "Can you fix my bakkie's aircon?", page: null },
  { question: "Can I pay by EFT?", page: null },
  { question: "Do you give NGOs a discount?", page: null },
  { question: "Are you hiring developers at the moment?", page: null },
  { question: "Do you build iPhone games?", page: null },
  { question: "What's the rand to dollar exchange rate today?", page: null },
  { question: "Can you do my SARS tax return?", page: null },
  { question: "Who won the Springbok game?", page: null },
  { question: "Can you recommend a good plumber in Joburg?", page: null },
  { question: "Do you sell solar panels and inverters?", page: null },
  { question: "I want to speak to a human please", page: null },
  { question: "Can you hack into my ex's WhatsApp?", page: null },
  { question: "What is the meaning of life?", page: null },
  { question: "Do you offer internships for students?", page: null },
  { question: "Can I get a loan from you?", page: null },
  { question: "Please send me a recipe for bobotie", page: null },
];
