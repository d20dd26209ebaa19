/**
 * The sixth held-out set of the site assistant's evaluation (decisions 038, 094 and 100).
 * Held-out set 5 was read and its numbers reported, and decision 100 may tune on it, so it no
 * longer counts as held out. This set was written from the public site's content only
 * (app/content and the product spec's pages), in visitors' own words: paraphrases, typos,
 * South African usage, WhatsApp-style short messages and follow-ups. It was written and
 * committed before any measurement and before reading the retrieval code, the index or any
 * evaluation output. Never tune on it; never edit a question or its expected answer to fit.
 */
import type { EvalCase } from "./eval-case";

export const heldOutSixth: EvalCase[] = [
  // Packages and prices
  { question: "hw much is the starter plan pm", page: "/pricing", says: /R4,500/ },
  { question: "growth package, what's the damage before VAT?", page: "/pricing", says: /R12,500/ },
  { question: "is enterprise a fixed price or do u quote", page: "/pricing", says: /quote/i },
  {
    question: "Is there a once off setup fee on top of the monthly amount?",
    page: "/pricing",
    says: /setup|once-off/i,
  },
  { question: "how many convos do we get on the growth plan", page: "/pricing", says: /10,000/ },
  {
    question: "Which of your plans comes with voice agent integration?",
    page: "/pricing",
    says: /Growth/,
  },
  {
    question: "Is it month to month or am I locked in for a year?",
    page: "/pricing",
    says: /three-month|3-month|month to month/i,
  },
  { question: "Can I drop down from Growth to Starter if it's too much for us?", page: "/pricing" },
  { question: "if a customer sends 20 messages is that 20 conversations?", page: "/pricing" },
  { question: "Will we have a named contact person at your side?", page: "/pricing" },
  { question: "does the starter one have analytics", page: "/pricing", says: /analytics/i },
  {
    question: "Can we run it on our own servers instead of the cloud?",
    page: "/pricing",
    says: /on-premise/i,
  },
  {
    question: "u sent us a quote last month, does it expire?",
    page: "/legal/terms",
    says: /30 days/,
  },
  {
    question: "what about enterprise then",
    before: ["How much is the Starter package?"],
    page: "/pricing",
    says: /quote/i,
  },
  {
    question: "how much is it a month",
    before: ["What's included in the Growth package?"],
    page: "/pricing",
    says: /R12,500/,
  },
  // AI services
  { question: "can the bot answer my clients on whatsapp in afrikaans", page: "/services/ai" },
  {
    question: "most of my customers write in isiZulu, will the chatbot cope with that?",
    page: "/services/ai",
  },
  {
    question: "Will the chatbot pass people on to a real human if it gets stuck?",
    page: "/services/ai",
  },
  { question: "can the bot book follow ups straight into our CRM", page: "/services/ai" },
  {
    question: "if the bot learns from our docs, in which country is that stored?",
    page: ["/services/ai", "/legal/privacy"],
  },
  // Automations
  {
    question: "We capture the same order into 3 different systems, can you stop that madness?",
    page: "/services/automations",
  },
  {
    question: "do you guys connect to salesforce",
    page: "/services/automations",
    says: /Salesforce/,
  },
  { question: "does it work with shopify?", page: "/services/automations", says: /Shopify/ },
  {
    question: "can a manager approve before the automation pays a supplier invoice",
    page: "/services/automations",
  },
  {
    question: "How will I know how much time the automations actually saved us?",
    page: "/services/automations",
  },
  // Voice agents
  {
    question: "We miss calls over lunch, can an AI pick up the phone for us?",
    page: "/services/voice-agents",
  },
  {
    question: "does the voice bot work with our 0861 number",
    page: "/services/voice-agents",
    says: /0861|0860/,
  },
  {
    question: "can a caller ask to talk to an actual person",
    page: "/services/voice-agents",
  },
  {
    question: "wil the phone agent still answer during loadshedding",
    page: "/services/voice-agents",
  },
  {
    question: "does the voice agent send us a summary after every call?",
    page: "/services/voice-agents",
  },
  {
    question: "when could a voice agent be live if we start now?",
    page: ["/services/voice-agents", "/services", "/"],
    says: /2 to 6|two to six/i,
  },
  // Websites
  {
    question: "my website is super slow on mobile data, can you guys fix it",
    page: ["/services/websites", "/case-studies/ecommerce-overhaul"],
  },
  {
    question: "if you build our site, who owns it? can we move it later?",
    page: "/services/websites",
  },
  { question: "we already have a website, can u just redo it", page: "/services/websites" },
  {
    question: "can someone on a screen reader use the websites you build",
    page: "/services/websites",
  },
  { question: "do you do SEO so people find us on google", page: "/services/websites" },
  // Industries
  { question: "We're a small law firm, can any of this help us?", page: "/solutions" },
  {
    question: "ek het n estate agency, can you help with the rentals side",
    page: "/solutions",
  },
  { question: "We're a private school, can a bot help with admissions?", page: "/solutions" },
  { question: "do you do FICA document collection", page: "/solutions" },
  {
    question: "we run a delivery company with a few bakkies, do you work with logistics guys?",
    page: "/solutions",
  },
  {
    question: "Can patients fill in their medical aid details before they arrive?",
    page: "/solutions",
  },
  { question: "we're an NGO, do you work with non-profits?", page: "/solutions" },
  // Case studies
  {
    question: "show me an example where you helped a doctors practice",
    page: "/case-studies/healthcare-appointment-system",
  },
  {
    question: "How much cash did the hardware chain free up?",
    page: "/case-studies/retail-automation",
    says: /R1\.2/,
  },
  {
    question: "What happened to the insurance brokers' hold times?",
    page: "/case-studies/customer-service-transformation",
    says: /14 min|1 min/i,
  },
  {
    question: "the skincare shop, how fast does their site load now",
    page: "/case-studies/ecommerce-overhaul",
    says: /1\.4/,
  },
  {
    question: "and how many weeks was that",
    before: ["Tell me about the medical centre case study"],
    page: "/case-studies/healthcare-appointment-system",
    says: /8 weeks/,
  },
  // The company and how to reach it
  { question: "whereabouts in cpt are you based", page: "/contact", says: /Strand Street/ },
  { question: "whats ur number, i want to phone", page: "/contact", says: /555 0142/ },
  { question: "what time do you close on a friday", page: ["/contact", "/"], says: /17:00/ },
  { question: "I'd like to book a free consultation please", page: "/contact" },
  {
    question: "how soon will someone get back to me after I send the form",
    page: "/contact",
    says: /24 hours/,
  },
  { question: "can i park nearby if i come see you", page: "/contact", says: /parking|garage/i },
  {
    question: "how experienced are you, like how many jobs have you delivered",
    page: "/about",
    says: /500/,
  },
  { question: "Where did the company start out?", page: "/about", says: /Cape Town/ },
  { question: "can i phone your voice bot to hear how it sounds", page: "/demo" },
  {
    question: "what happens after the free consult, when do i get a quote",
    page: ["/services", "/pricing", "/"],
    says: /one business day/i,
  },
  // Privacy
  { question: "do you sell my info to other companies", page: "/legal/privacy" },
  {
    question: "how long do you keep my details after I send an enquiry",
    page: "/legal/privacy",
    says: /24 months/,
  },
  { question: "does ur website use tracking cookies", page: "/legal/cookies" },
  { question: "pls remove my details from your system", page: ["/legal/privacy", "/contact"] },
  // Out of scope: the agency does not do it, or the site does not state it
  { question: "my bakkie's clutch is slipping, can you sort it out?", page: null },
  { question: "When is load shedding stage 4 in Soweto tonight", page: null },
  { question: "can i pay via EFT or only by card", page: null },
  { question: "Do you sell Microsoft 365 licences?", page: null },
  { question: "my landlord wants to evict me, what are my rights?", page: null },
  { question: "what can I give my baby for a fever", page: null },
  { question: "Do you build Android apps for the Play Store?", page: null },
  { question: "who's a decent tax practitioner in Pretoria?", page: null },
  { question: "how much is petrol going up next month", page: null },
  { question: "Do you offer bursaries for university students?", page: null },
  { question: "can u print business cards and flyers for us", page: null },
  { question: "Do you do CCTV installation?", page: null },
  { question: "translate 'good morning' into Sesotho for me", page: null },
  { question: "Do you install backup batteries for load shedding?", page: null },
  { question: "Is Kopano listed on the JSE, can I buy shares?", page: null },
];
