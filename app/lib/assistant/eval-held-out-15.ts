/**
 * The fifteenth held-out set of the site assistant's evaluation (decision 144). Held-out sets
 * 12, 13 and 14 are used up. This set was written after decision 144's run of set 14 and before
 * any run on it, from the public site's content only (app/content and the product spec's
 * pages), in visitors' own words (paraphrases, typos, South African usage, Afrikaans bits,
 * follow-ups), without running the assistant on it or reading any set's misses for it. Never
 * tune on it; never edit a question or its expected answer to fit. Not evaluated by any test
 * yet: its first run is main's engine's, when a later session has a candidate; the test prints
 * its figures, never its misses.
 */
import type { EvalCase } from "./eval-case";

export const heldOutFifteenth: EvalCase[] = [
  // Packages and prices
  {
    question: "how much does the small business plan set me back monthly",
    page: "/pricing",
    says: /R4,500/,
  },
  { question: "middle option price pls", page: "/pricing", says: /R12,500/ },
  {
    question: "pricing for large companies with lots of branches?",
    page: "/pricing",
    says: /quote|Enterprise/,
  },
  { question: "are your rand amounts with or without vat", page: "/pricing" },
  {
    question: "must i pay something extra to get started, like an installation charge",
    page: "/pricing",
  },
  {
    question: "how long am i tied in before i can stop paying",
    page: "/pricing",
    says: /three-month/,
  },
  { question: "can we drop down to a cheaper plan later if it's quiet", page: "/pricing" },
  { question: "1000 chats a month, which package is that", page: "/pricing", says: /Starter/ },
  {
    question: "we'd need about ten thousand customer conversations monthly, what fits",
    page: "/pricing",
    says: /Growth/,
  },
  { question: "if we're on the entry plan can we only mail you for help", page: "/pricing" },
  {
    question: "who do we phone at 2am if the bot breaks — do you do round the clock support",
    page: "/pricing",
    says: /24\/7/,
  },
  {
    question: "on the cheapest tier, how many automated processes are included",
    page: "/pricing",
    says: /1 workflow/,
  },
  { question: "does every plan come with someone to onboard us", page: "/pricing" },
  {
    question: "you sent us a quotation, does it expire at some point",
    page: "/legal/terms",
    says: /30 days/,
  },
  // The site does not say how clients pay: handed to the team.
  { question: "do you take a bank transfer for the monthly fee", page: null },
  // AI services
  { question: "can you build us a chatbot that knows our own product info", page: "/services/ai" },
  { question: "will the bot make stuff up if it doesnt know the answer", page: "/services/ai" },
  { question: "can the assistant pass a client on to a real consultant", page: "/services/ai" },
  {
    question:
      "the info our customers type into your chatbot — which country's servers does it sit on",
    page: "/services/ai",
  },
  { question: "does the chat thing plug into our crm", page: "/services/ai" },
  { question: "can a chatbot help us find new leads, not just answer faq's", page: "/services/ai" },
  { question: "do your bots answer in afrikaans too", page: ["/services/ai", "/services"] },
  { question: "what ai stuff do you actually offer", page: ["/services/ai", "/services"] },
  {
    question: "can it run on our website and on whatsapp both",
    page: ["/services/ai", "/services"],
  },
  // Automations
  {
    question: "my bookkeeper captures every supplier invoice by hand, surely a machine can do it",
    page: "/services/automations",
  },
  {
    question: "our books are on xero, can your automations talk to it",
    page: "/services/automations",
    says: /Xero/,
  },
  {
    question: "we run everything on google workspace — works with that?",
    page: "/services/automations",
    says: /Google Workspace/,
  },
  {
    question: "is shopify one of the systems you link up",
    page: "/services/automations",
    says: /Shopify/,
  },
  {
    question: "what happens when one of the automated steps falls over",
    page: "/services/automations",
  },
  {
    question: "sales from our webshop should land in sage by themselves, doable?",
    page: "/services/automations",
  },
  {
    question: "what does workflow automation even mean for a small firm like ours",
    page: "/services/automations",
  },
  {
    question: "will automating things cut down on silly capturing mistakes",
    page: "/services/automations",
  },
  { question: "can we see reports of what the automations did", page: "/services/automations" },
  {
    question: "do you integrate with ms 365 and outlook",
    page: "/services/automations",
    says: /Microsoft 365/,
  },
  // Voice agents
  {
    question: "can an ai answer our phones when reception is at lunch",
    page: "/services/voice-agents",
  },
  {
    question: "does the phone bot work on 0861 numbers",
    page: "/services/voice-agents",
    says: /0861/,
  },
  {
    question: "if someone on the call wants a human can they get one",
    page: "/services/voice-agents",
  },
  {
    question: "can the voice thing make bookings straight into our diary",
    page: "/services/voice-agents",
  },
  { question: "do we get a summary of each call afterwards", page: "/services/voice-agents" },
  { question: "we have an 021 number, can the ai pick up on that", page: "/services/voice-agents" },
  {
    question: "never miss a call again — is that something you sell",
    page: "/services/voice-agents",
  },
  // The site says nothing of accents: handed to the team.
  { question: "how good is the voice agent with south african accents", page: null },
  // Websites
  { question: "our site looks like 2009, keen for a makeover", page: "/services/websites" },
  {
    question: "when the project's done is the domain and code ours or yours",
    page: "/services/websites",
  },
  {
    question: "will the new site load quickly on a phone with bad signal",
    page: "/services/websites",
  },
  {
    question: "nobody finds our business online, will a new site from you rank better",
    page: "/services/websites",
  },
  {
    question: "will our old links still work after you rebuild the site",
    page: "/services/websites",
  },
  {
    question: "need a site that brings in more enquiries, is that you",
    page: "/services/websites",
  },
  // Process and durations
  {
    question: "ballpark, how soon after we sign is the first version live",
    page: ["/services", "/"],
    says: /2 to 6 weeks|two to six weeks/,
  },
  { question: "walk me through how a project with you runs", page: "/services" },
  { question: "do you test with our people before switching it on", page: "/services" },
  {
    question: "the job for the building supplies chain, start to finish how long",
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  // Industries
  {
    question: "we're a short-term insurance brokerage, is your stuff for us",
    page: ["/solutions", "/case-studies/customer-service-transformation"],
  },
  { question: "we're an estate agency, any use for us?", page: "/solutions" },
  { question: "private school here — what can ai do for admissions", page: "/solutions" },
  { question: "is this suitable for a law firm or accountants", page: "/solutions" },
  { question: "which industries do you usually help", page: "/solutions" },
  {
    question: "we're a medical practice, can patients book by whatsapp",
    page: ["/solutions", "/case-studies/healthcare-appointment-system"],
  },
  { question: "online store owner here, what would you automate for me", page: "/solutions" },
  {
    question: "does it work for banks and financial advisors with all the compliance",
    page: "/solutions",
  },
  // Case studies
  { question: "show me a real example of a client you helped", page: "/case-studies" },
  {
    question: "the hardware chain — how much fewer stock-outs did they get",
    page: "/case-studies/retail-automation",
    says: /41%/,
  },
  {
    question: "the insurance case study, how happy were their clients afterwards",
    page: "/case-studies/customer-service-transformation",
    says: /93%/,
  },
  {
    question: "did the clinic get fewer no-shows",
    page: "/case-studies/healthcare-appointment-system",
  },
  {
    question: "any results from an online shop you rebuilt",
    page: "/case-studies/ecommerce-overhaul",
  },
  // About, contact, demo
  { question: "if i want to pop in, where do i find you", page: ["/about", "/contact"] },
  { question: "what time does your office close", page: "/contact", says: /17:00/ },
  { question: "what number can i ring you on", page: "/contact" },
  {
    question: "if i send you a message today when will i hear back",
    page: "/contact",
    says: /24 hours/,
  },
  { question: "who is behind kopano, tell me about the company", page: "/about" },
  { question: "can i see the bot working before i buy", page: "/demo" },
  { question: "i'd like to set up a meeting with someone", page: ["/contact", "/demo"] },
  // Privacy and legal
  {
    question: "is my personal info handled the way popia requires with you lot",
    page: ["/legal/privacy", "/pricing"],
  },
  { question: "please erase all my data, how do i ask for that", page: "/legal/privacy" },
  { question: "will my contact details end up with marketers", page: "/legal/privacy" },
  {
    question: "my chats with your whatsapp bot, when do they get wiped",
    page: "/legal/privacy",
    says: /30 days/,
  },
  { question: "what cookies does your site put on my browser", page: "/legal/cookies" },
  { question: "where's your paia manual", page: "/legal/paia-manual" },
  { question: "your terms and conditions, where can i read them", page: "/legal/terms" },
  // Follow-ups
  {
    question: "ok and the one above it?",
    before: ["what does the starter plan cost"],
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "roughly when could we have it running",
    before: ["tell me about your voice agents"],
    page: ["/services/voice-agents", "/services"],
  },
  {
    question: "and do you do sage as well?",
    before: ["do you integrate with xero"],
    page: "/services/automations",
    says: /Sage/,
  },
  {
    question: "what about the enterprise one",
    before: ["how many conversations on growth"],
    page: "/pricing",
    says: /Unlimited/,
  },
  // Out of scope
  {
    question: "my toyota makes a grinding noise when i brake, can your mechanics look",
    page: null,
  },
  { question: "will fuel go up again in december", page: null },
  { question: "eskom schedule for my suburb this evening?", page: null },
  { question: "know a decent plumber around durbanville", page: null },
  { question: "looking for a refurbished notebook computer for my son", page: null },
  { question: "help me with my sars tax return", page: null },
  { question: "is the n1 open near beaufort west today", page: null },
  { question: "watter hoërskool in stellenbosch is die beste", page: null },
  { question: "can i renew my passport through you", page: null },
  { question: "who won the currie cup final", page: null },
  { question: "book me a table for two at a restaurant in sea point", page: null },
  { question: "how do i unlock my mtn sim puk code", page: null },
  { question: "how many rand for one us dollar today", page: null },
  { question: "do you do catering for year-end functions", page: null },
];
