/**
 * The eleventh held-out set of the site assistant's evaluation (decision 123). Held-out set 10
 * was measured with decision 114's engine and is used up. This set was written before any
 * change or run of this session, from the public site's content only (app/content and the
 * product spec's pages), in visitors' own words (paraphrases, typos, South African usage),
 * without running the assistant on it or reading any set's misses for it. Never tune on it;
 * never edit a question or its expected answer to fit. The test prints its figures, never its
 * misses.
 */
import type { EvalCase } from "./eval-case";

export const heldOutEleventh: EvalCase[] = [
  // Packages and prices
  {
    question: "howzit! lowest monthly spend to get going with you?",
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question: "does the R4500 figure include vat ja or nee",
    page: "/pricing",
    says: /VAT/,
  },
  {
    question: "how many chats can my customers have on the entry level plan",
    page: "/pricing",
    says: /1,000/,
  },
  {
    question: "we get maybe 8000 whatsapps a month, which package covers that",
    page: "/pricing",
    says: /10,000/,
  },
  {
    question: "R-amount for growth each month?",
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "is there an once off payment before we start",
    page: "/pricing",
    says: /once-off/i,
  },
  {
    question: "can we drop down to a smaller bundle if things get quiet",
    page: "/pricing",
  },
  {
    question: "do i get a dedicated account manger on any package",
    page: "/pricing",
    says: /Enterprise/,
  },
  {
    question: "can the system be hosted on our own servers",
    page: "/pricing",
    says: /On-premise/i,
  },
  {
    question: "we blew past our chat allowance this month, do we get billed extra without warning",
    page: "/pricing",
  },
  {
    question: "am i tied in for a year once i sign",
    page: "/pricing",
    says: /three-month/,
  },
  {
    question: "and what about the biggest one?",
    before: ["what do i get with growth"],
    page: "/pricing",
    says: /Enterprise/,
  },
  // AI assistants
  {
    question: "can your bot speak isiXhosa to our clients",
    page: "/services/ai",
  },
  {
    question: "when the bot is out of its depth does a real staff member take over",
    page: "/services/ai",
  },
  {
    question: "can it sort out which enquiries are serious buyers",
    page: ["/services/ai", "/services"],
  },
  {
    question: "we want a bot on instagram and facebook too, possible?",
    page: ["/services/ai", "/services"],
  },
  {
    question: "our knowledge base, which region does it sit in",
    page: "/services/ai",
  },
  {
    question: "does the bot invent answers or only quote our own docs",
    page: "/services/ai",
  },
  {
    question: "can it link to woocommerce or our online shop platform",
    page: "/services/ai",
  },
  // Automations
  {
    question: "my bookkeeper types each supplier invoice in manually, sort that out for us?",
    page: "/services/automations",
  },
  {
    question: "hubspot + salesforce compatible?",
    page: "/services/automations",
  },
  {
    question: "say a workflow crashes in the middle, then what",
    page: "/services/automations",
  },
  {
    question: "is there a screen showing the hours the workflows saved",
    page: "/services/automations",
  },
  {
    question: "whats the first step when you automate a process for us",
    page: "/services/automations",
  },
  {
    question: "can managers sign off big orders before they go through",
    page: ["/services/automations", "/case-studies/retail-automation"],
  },
  // Voice agents
  {
    question: "we miss calls when theres load shedding, can a voice bot help",
    page: "/services/voice-agents",
  },
  {
    question: "mid-call, can the agent look at open times and lock in a booking",
    page: "/services/voice-agents",
  },
  {
    question: "our customers dial an 0861 number, can your agent pick that up",
    page: "/services/voice-agents",
  },
  {
    question: "after each call do we receive a summary of it",
    page: "/services/voice-agents",
  },
  {
    question: "if a caller wants a real human can it transfer them",
    page: "/services/voice-agents",
  },
  {
    question: "i want to hear your robot receptionist myself before buying",
    page: ["/demo", "/services/voice-agents"],
  },
  {
    question: "does the voice agent talk afrikaans",
    page: ["/demo", "/services/voice-agents"],
  },
  // Websites
  {
    question: "our webpage takes ages to open on mobile data, sort it?",
    page: "/services/websites",
  },
  {
    question: "if you build our site do we own the domain and code",
    page: "/services/websites",
    says: /yours/,
  },
  {
    question: "revamp our outdated wordpress site but keep old urls working",
    page: "/services/websites",
  },
  {
    question: "do your sites meet WCAG for people using screen readers",
    page: "/services/websites",
  },
  {
    question: "will people find us on google after you build the site",
    page: "/services/websites",
  },
  // How a project runs, durations
  {
    question: "timeline from signing to the thing actually running?",
    page: ["/services", "/"],
    says: /weeks/,
  },
  {
    question: "i asked for pricing on a project, when will the proposal land",
    page: ["/pricing", "/services"],
    says: /one business day/,
  },
  {
    question: "does the initial consult cost anything",
    page: ["/contact", "/services", "/about"],
  },
  {
    question: "the kick-off consultation, how many minutes",
    page: ["/contact", "/services", "/about"],
    says: /30/,
  },
  {
    question: "right, and once it's launched?",
    before: ["what are the steps of a project with you"],
    page: ["/services", "/"],
  },
  {
    question: "and the site would be ours afterwards?",
    before: ["do you build websites"],
    page: "/services/websites",
  },
  // Industries
  {
    question: "we're a firm of attorneys, anything for us",
    page: "/solutions",
  },
  {
    question: "we manage rentals for landlords, can you automate lease admin and screening",
    page: "/solutions",
  },
  {
    question: "our tvet college drowns in enrolment queries, can you assist",
    page: "/solutions",
  },
  {
    question: "can you help with fica paperwork for our clients",
    page: "/solutions",
  },
  {
    question: "we're a trucking firm, would you take us on",
    page: "/solutions",
  },
  // Case studies
  {
    question: "show me what you did for the building supplies chain",
    page: "/case-studies/retail-automation",
  },
  {
    question: "fynbos online revenue growth, what percentage",
    page: "/case-studies/ecommerce-overhaul",
  },
  {
    question: "the doctors practice in durban, how did you cut the missed appointments",
    page: "/case-studies/healthcare-appointment-system",
  },
  {
    question: "the insurance broker story, how long did their clients wait before",
    page: "/case-studies/customer-service-transformation",
    says: /14 minutes/,
  },
  {
    question: "the mzansi hardware job, duration?",
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  // Contact and company
  {
    question: "whats your office phone nr",
    page: ["/contact", "/legal/privacy", "/legal/paia-manual"],
  },
  {
    question: "what's the street address of your building",
    page: ["/contact", "/legal/privacy", "/legal/paia-manual"],
  },
  {
    question: "office hours end of the week, when do you knock off",
    page: "/contact",
  },
  {
    question: "coming in for a meeting, any garages close by for my car",
    page: "/contact",
  },
  {
    question: "i sent a message thru your form, when can i expect a response",
    page: "/contact",
  },
  {
    question: "track record, how many jobs delivered",
    page: "/about",
  },
  {
    question: "which city were you founded in",
    page: "/about",
  },
  // Privacy, cookies, terms
  {
    question: "any advertising or analytics trackers on your pages",
    page: "/legal/cookies",
  },
  {
    question: "my quote form details, deleted after how long",
    page: "/legal/privacy",
    says: /24 months/,
  },
  {
    question: "who do i complain to about popia if you mess up",
    page: "/legal/privacy",
  },
  {
    question: "does the price you quoted expire",
    page: "/legal/terms",
    says: /30 days/,
  },
  {
    question: "bought online and regret it, cooling off period?",
    page: "/legal/terms",
  },
  {
    question: "does your demo assistant store what i type",
    page: ["/legal/privacy", "/demo"],
  },
  // Out of scope: near the site's topics, and other people's topics
  { question: "whats the best bank for a small business account", page: null },
  { question: "my hilux needs new brake pads, can you fit them", page: null },
  { question: "whats the euro worth in rand at the moment", page: null },
  { question: "is eskom cutting power in sandton this evening", page: null },
  { question: "is the woolworths in town open on sunday", page: null },
  { question: "can I settle my municipal rates account via you", page: null },
  { question: "looking for a refurbished macbook, got stock?", page: null },
  { question: "how long must i cook a potjie", page: null },
  { question: "need help filing my annual returns at cipc", page: null },
  { question: "my gogo's pension payout is late, who do i phone", page: null },
  { question: "quote me for an inverter and batteries", page: null },
  { question: "bokke vs all blacks score last weekend?", page: null },
  { question: "kan julle my help met my belasting", page: null },
];
