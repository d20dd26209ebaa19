/**
 * The seventh held-out set of the site assistant's evaluation (decisions 038, 094, 100 and 105).
 * Held-out set 6 was measured and reported in decision 100, and decision 105 may tune on it, so
 * it no longer counts as held out. This set was written from the public site's content only
 * (app/content and the product spec's pages), in visitors' own words: paraphrases, typos, South
 * African usage, WhatsApp-style short messages and follow-ups. It was written and committed
 * before any change of decision 105 and before running the assistant or reading any evaluation
 * output or earlier sets' misses. Never tune on it; never edit a question or its expected
 * answer to fit.
 */
import type { EvalCase } from "./eval-case";

export const heldOutSeventh: EvalCase[] = [
  // Packages and prices
  {
    question: "howzit, what's the lowest monthly fee you charge?",
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question: "ballpark in rand for the middle tier per month?",
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "does the monthly amount have the 15% VAT in it or is that added on?",
    page: "/pricing",
    says: /VAT/,
  },
  {
    question: "what do I pay upfront to get started, before the monthly fee kicks in?",
    page: "/pricing",
    says: /setup|once-off/i,
  },
  {
    question: "we had a busy month and blew through our 1,000 chats, will you just bill us more?",
    page: "/pricing",
    says: /limit|bill/i,
  },
  {
    question: "how many automated workflows does growth give me",
    page: "/pricing",
    says: /5 workflow/i,
  },
  {
    question: "which plan gets support around the clock",
    page: "/pricing",
    says: /Enterprise/,
  },
  {
    question: "is there a package where we get our own account manager?",
    page: "/pricing",
    says: /Enterprise/,
  },
  { question: "we need more than one voice bot, which option is that?", page: "/pricing" },
  {
    question: "whats the shortest time i have to stay on starter",
    page: "/pricing",
    says: /three-month|3-month/i,
  },
  {
    question: "if we outgrow starter can we bump up to the next one",
    page: "/pricing",
  },
  {
    question: "does every package come with onboarding or do you charge extra for that",
    page: "/pricing",
  },
  {
    question: "for how long is a quotation from you guys valid?",
    page: "/legal/terms",
    says: /30 days/,
  },
  {
    question: "I signed online but changed my mind, can I still back out?",
    page: "/legal/terms",
    says: /seven days|7 days/i,
  },
  {
    question: "and unlimited chats is on which one",
    before: ["what's in the starter package?"],
    page: "/pricing",
    says: /Enterprise/,
  },
  {
    question: "ok and the price of that one?",
    before: ["which package is the most popular"],
    page: "/pricing",
    says: /R12,500/,
  },
  // AI services
  {
    question: "can your chatbot sit on our facebook page too, not just the website?",
    page: "/services/ai",
  },
  {
    question: "our clients are mostly Xhosa speakers, does the bot understand them",
    page: "/services/ai",
  },
  {
    question: "will the AI make up answers or stick to what our documents say?",
    page: "/services/ai",
  },
  {
    question: "can the assistant screen potential customers before my sales guys call them",
    page: "/services/ai",
  },
  {
    question: "walk me through how you'd set up an AI assistant for us, step by step",
    page: ["/services/ai", "/services"],
  },
  {
    question: "can the bot plug into our online store and booking software?",
    page: ["/services/ai", "/services/automations"],
  },
  {
    question: "how does the bot get better over time after you launch it",
    page: "/services/ai",
  },
  // Automations
  {
    question: "we get hundreds of supplier invoices by email, can that be processed automatically?",
    page: "/services/automations",
  },
  {
    question: "does it hook into hubspot",
    page: "/services/automations",
    says: /HubSpot/,
  },
  {
    question: "our whole office runs on gmail and google drive, can your workflows talk to that?",
    page: "/services/automations",
    says: /Google Workspace/,
  },
  {
    question: "suppose one of the automated jobs falls over at 3am, then what?",
    page: "/services/automations",
  },
  {
    question: "will you trial the workflow with our actual data first, side by side with staff?",
    page: "/services/automations",
  },
  {
    question: "my bookkeeper is tired of capturing everything twice, what can you do",
    page: "/services/automations",
  },
  {
    question: "is there a record of who signed off on what in the workflow",
    page: "/services/automations",
  },
  // Voice agents
  {
    question: "nobody's at reception after 5, could a bot handle the calls and jot down messages?",
    page: "/services/voice-agents",
  },
  {
    question: "will the phone robot sound natural or like a machine",
    page: ["/services/voice-agents", "/demo"],
  },
  {
    question: "can it send reminders for appointments it booked",
    page: "/services/voice-agents",
  },
  {
    question: "does the voice thing look at my diary before confirming a time slot?",
    page: "/services/voice-agents",
  },
  {
    question: "we have a normal 021 landline number, will that work?",
    page: "/services/voice-agents",
  },
  {
    question: "how do you set up a voice agent, whats the process",
    page: ["/services/voice-agents", "/services"],
  },
  {
    question: "can the voice agent put callers through to the right department?",
    page: "/services/voice-agents",
  },
  // Websites
  {
    question: "we need a new website thats quick on a phone, is that something you do",
    page: "/services/websites",
  },
  {
    question: "will people with disabilities be able to use our new site",
    page: "/services/websites",
  },
  {
    question: "can customers book a slot straight from the website you build?",
    page: "/services/websites",
  },
  {
    question: "do we get the domain name in our name or is it yours?",
    page: "/services/websites",
  },
  {
    question: "once the site is live, who looks after patches and security?",
    page: "/services/websites",
  },
  {
    question: "if you move us to a new site do our old links still work",
    page: "/services/websites",
  },
  // Industries
  { question: "I run a few rental flats, can you help with tenant admin?", page: "/solutions" },
  {
    question: "we're a financial advisor practice, does this work under FAIS rules?",
    page: "/solutions",
  },
  {
    question: "we're a college, parents keep asking about fees, can you automate statements?",
    page: "/solutions",
  },
  {
    question: "ons is 'n prokureursfirma, can you help with client onboarding?",
    page: "/solutions",
  },
  {
    question: "we own a guesthouse, is hospitality something you work in?",
    page: "/solutions",
  },
  {
    question: "can a bot chase people who left stuff in their online cart",
    page: "/solutions",
  },
  {
    question: "our factory is swamped with admin, do you work with manufacturers?",
    page: "/solutions",
  },
  // Case studies
  {
    question: "any insurance-related project in your portfolio?",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "how long before the hardware stores got their money back on the project",
    page: "/case-studies/retail-automation",
    says: /5 months/,
  },
  {
    question: "by how much did the skincare brand's conversions go up",
    page: "/case-studies/ecommerce-overhaul",
    says: /2\.9|1\.1/,
  },
  {
    question: "how many bookings does the Durban clinic's system make each month?",
    page: "/case-studies/healthcare-appointment-system",
    says: /3,400/,
  },
  {
    question: "did the brokers' customers end up happier",
    page: "/case-studies/customer-service-transformation",
    says: /93%/,
  },
  {
    question: "what have you built for people who sell stuff?",
    page: ["/case-studies/retail-automation", "/case-studies/ecommerce-overhaul", "/case-studies"],
  },
  {
    question: "how many weeks did it run?",
    before: ["tell me about the hardware chain in Gauteng"],
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  {
    question: "what was the problem they had before",
    before: ["tell me about the Fynbos skincare project"],
    page: "/case-studies/ecommerce-overhaul",
  },
  // The company and how to reach it
  { question: "which building are you in", page: "/contact", says: /Strand Street/ },
  { question: "whats the email to send my brief to", page: "/contact", says: /hello@kopano/ },
  {
    question: "is the office open over weekends or only weekdays",
    page: ["/contact", "/"],
    says: /Mon|Fri/,
  },
  { question: "can i whatsapp you instead of calling", page: ["/contact", "/"] },
  {
    question: "do customers actually like working with you, got numbers?",
    page: "/about",
    says: /98%/,
  },
  { question: "who are you guys, whats your story", page: "/about" },
  { question: "what values drive the team", page: "/about" },
  {
    question: "the free chat with your specialist, how many minutes is that",
    page: ["/contact", "/services", "/"],
    says: /30/,
  },
  {
    question: "is there a number i can ring to test the AI voice demo?",
    page: "/demo",
  },
  {
    question: "how quick can we be up and running with a first version",
    page: ["/", "/services"],
    says: /2 to 6|two to six/i,
  },
  // Privacy and legal
  {
    question: "who handles POPIA requests at Kopano, contact details?",
    page: ["/legal/privacy", "/legal/paia-manual"],
  },
  {
    question: "I want access to a record you hold about our company, how do I go about it",
    page: "/legal/paia-manual",
  },
  {
    question: "if i close my portal account when is my data actually gone",
    page: "/legal/privacy",
    says: /14 days/,
  },
  {
    question: "do you keep my whatsapp chats with the bot forever?",
    page: "/legal/privacy",
    says: /30 days/,
  },
  {
    question: "is my info stored overseas somewhere?",
    page: "/legal/privacy",
  },
  {
    question: "how long does the login cookie last on the portal",
    page: "/legal/cookies",
    says: /7 days/,
  },
  {
    question: "how do i stop getting your marketing mails",
    page: "/legal/privacy",
  },
  {
    question: "if there's a dispute, which courts handle it",
    page: "/legal/terms",
    says: /South Africa/,
  },
  // Out of scope: the agency does not do it, or the site does not state it
  { question: "what was the Springboks score last weekend", page: null },
  { question: "best way to marinate lamb chops for a braai", page: null },
  { question: "where do i renew my car licence disc", page: null },
  { question: "when is the SARS efiling deadline this year", page: null },
  { question: "can you install DStv in my lounge", page: null },
  { question: "how many solar panels do I need for my house", page: null },
  { question: "should I buy bitcoin now", page: null },
  { question: "are you hiring? I'm looking for a job as a developer", page: null },
  { question: "I need a visa for the UK, can you help", page: null },
  { question: "my cellphone screen is cracked, do you repair phones", page: null },
  { question: "can I buy airtime or data bundles from you", page: null },
  { question: "what are the lotto numbers for tonight", page: null },
  { question: "the kitchen tap is leaking everywhere, can you send someone", page: null },
  { question: "recommend a cheap flight to Durban for next week", page: null },
  { question: "my printer won't connect to the wifi, help", page: null },
  { question: "how do I check my SRD grant status", page: null },
];
