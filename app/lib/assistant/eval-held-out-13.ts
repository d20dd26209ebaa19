/**
 * The thirteenth held-out set of the site assistant's evaluation (decision 135). Held-out set 12
 * was measured with the engine before decision 135 and with decision 135's, and is used up.
 * This set was written after decision 135 landed and before any further change, from the public
 * site's content only (app/content and the product spec's pages), in visitors' own words
 * (paraphrases, typos, South African usage, Afrikaans bits, follow-ups), without running the
 * assistant on it or reading any set's misses for it. Never tune on it; never edit a question or
 * its expected answer to fit. The test prints its figures, never its misses.
 */
import type { EvalCase } from "./eval-case";

export const heldOutThirteenth: EvalCase[] = [
  // Packages and prices
  {
    question: "sho, what's the entry fee per month for the smallest option",
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question:
      "if something breaks, how fast do you help us on the growth tier compared to the basic one",
    page: "/pricing",
  },
  {
    question: "enterprise support, is it round the clock?",
    page: "/pricing",
    says: /24\/7/,
  },
  {
    question: "which tier lets you build integrations to our own in-house system",
    page: "/pricing",
    says: /Growth/,
  },
  {
    question: "what sort of reporting comes with the cheapest one",
    page: "/pricing",
    says: /analytics/i,
  },
  {
    question: "do your prices get billed in dollars or rands",
    page: "/pricing",
  },
  {
    question: "we'd need several phone agents for different branches, which plan",
    page: "/pricing",
    says: /Enterprise/,
  },
  {
    question: "say we pick the middle bundle and it's overkill, can we step down",
    page: "/pricing",
  },
  {
    question: "the setup cost — do you tell me upfront or only later?",
    page: "/pricing",
  },
  {
    question: "getting our staff set up on the system, is that part of the package price",
    page: "/pricing",
  },
  // AI assistants
  {
    question: "can your AI reply on our whatsapp business line",
    page: "/services/ai",
  },
  {
    question: "would the chatbot take details from a customer and log them in our CRM",
    page: "/services/ai",
  },
  {
    question: "does it say where its answer comes from, like which of our docs",
    page: "/services/ai",
  },
  {
    question: "we want the bot on our site by next quarter, what are your phases",
    page: "/services/ai",
  },
  {
    question: "can the assistant reply in isiXhosa and English both",
    page: "/services/ai",
  },
  {
    question: "do you look at real chats every month to make the bot better",
    page: "/services/ai",
  },
  // Automations
  {
    question: "our staff spend hours copying data from emails into spreadsheets, fixable?",
    page: "/services/automations",
  },
  {
    question: "does your automation work with Xero",
    page: "/services/automations",
  },
  {
    question: "is there an audit trail when an invoice gets approved",
    page: "/services/automations",
  },
  {
    question: "do you run the new workflow next to my people before switching over",
    page: "/services/automations",
  },
  {
    question: "who watches the automated runs once it's live",
    page: "/services/automations",
  },
  {
    question: "process our purchase orders automatically, can that be done",
    page: "/services/automations",
  },
  // Voice agents
  {
    question: "will callers hear a friendly voice or some robotic thing",
    page: "/services/voice-agents",
  },
  {
    question:
      "can the voice agent book a slot in our calendar while the client is still on the phone",
    page: "/services/voice-agents",
  },
  {
    question: "we get calls over lunch that nobody answers, can you help",
    page: "/services/voice-agents",
  },
  {
    question: "does the phone assistant route callers to the right department",
    page: "/services/voice-agents",
  },
  {
    question: "do you test the call bot properly before it goes live",
    page: "/services/voice-agents",
  },
  {
    question: "does it work with a normal cape town landline number",
    page: "/services/voice-agents",
  },
  // Websites
  {
    question: "do you build sites that still load on slow mobile data",
    page: "/services/websites",
  },
  {
    question: "if we leave you one day, is the code ours",
    page: "/services/websites",
  },
  {
    question: "can the new site send enquiries straight to our inbox",
    page: "/services/websites",
  },
  {
    question: "post go-live, who handles website maintenance and security patches",
    page: "/services/websites",
  },
  {
    question: "will you redirect the old page addresses when you rebuild",
    page: "/services/websites",
  },
  // How a project runs
  {
    question: "that first 30 min session with you, any cost to it?",
    page: ["/services", "/contact", "/about", "/pricing", "/"],
  },
  {
    question: "will your quote be a fixed scope in rand",
    page: ["/services", "/"],
  },
  {
    question: "realistically when would a first version be live",
    page: ["/services", "/"],
    says: /(2|two) to (6|six) weeks/,
  },
  {
    question: "which of your four services should a small business start with",
    page: "/services",
  },
  // Industries
  {
    question: "we're a brokerage, clients keep asking about claim status — can a bot handle it",
    page: ["/solutions", "/case-studies/customer-service-transformation"],
  },
  {
    question: "does your stuff help with FICA compliance for financial firms",
    page: "/solutions",
  },
  {
    question: "university admissions office here, we drown in enquiries from applicants",
    page: "/solutions",
  },
  {
    question: "letting agent: can you screen tenants automatically",
    page: "/solutions",
  },
  {
    question: "can our practice collect patient intake forms digitally before the visit",
    page: "/solutions",
  },
  {
    question: "accountants firm, we'd love help with time capture and invoicing",
    page: "/solutions",
  },
  {
    question: "we run a guesthouse group, do you do hospitality",
    page: "/solutions",
  },
  {
    question: "retail store: can stock reorders go to suppliers automatically from the till",
    page: ["/solutions", "/case-studies/retail-automation"],
  },
  // Case studies
  {
    question: "how many doctors does that durban medical centre have",
    page: "/case-studies/healthcare-appointment-system",
    says: /nine doctors/,
  },
  {
    question: "when do the clinic's patients get their reminders",
    page: "/case-studies/healthcare-appointment-system",
    says: /two days/,
  },
  {
    question: "the insurance brokers, how satisfied are their clients now",
    page: "/case-studies/customer-service-transformation",
    says: /93%/,
  },
  {
    question: "how many households does amandla cover look after",
    page: "/case-studies/customer-service-transformation",
    says: /40,000/,
  },
  {
    question: "mzansi hardware, where did they start out",
    page: "/case-studies/retail-automation",
    says: /Benoni/,
  },
  {
    question: "fynbos & co revenue online, what was the increase year on year",
    page: "/case-studies/ecommerce-overhaul",
    says: /63%/,
  },
  {
    question: "fynbos orders — how quickly do parcels leave now",
    page: "/case-studies/ecommerce-overhaul",
    says: /same day/i,
  },
  {
    question: "which of your projects used a voice agent",
    page: [
      "/case-studies",
      "/case-studies/customer-service-transformation",
      "/case-studies/healthcare-appointment-system",
    ],
  },
  // About
  {
    question: "are your customers generally happy, any percentage on that",
    page: "/about",
    says: /98%/,
  },
  {
    question: "what drives how your people do their work, your core values?",
    page: "/about",
  },
  {
    question: "who's on the team, devs or consultants?",
    page: "/about",
  },
  // Contact
  {
    question: "what level of the building do i go up to for your offices",
    page: ["/contact", "/legal/privacy", "/legal/terms"],
    says: /4th Floor/,
  },
  {
    question: "give me a number i can ring",
    page: ["/contact", "/legal/privacy", "/legal/terms"],
    says: /555 0142/,
  },
  {
    question: "can i visit on a weekend or only mon to fri",
    page: ["/contact", "/"],
  },
  {
    question: "id like to set up a 30-minute meeting with one of your experts",
    page: "/contact",
  },
  {
    question: "got directions or a map for finding you",
    page: "/contact",
  },
  // Demo
  {
    question: "if i phone your demo number, can i chat to it in afrikaans",
    page: "/demo",
  },
  {
    question: "what can i ask this chatbot on the demo page",
    page: "/demo",
  },
  // Legal and privacy
  {
    question: "when i browse your site, how long is my visit logged for",
    page: "/legal/privacy",
    says: /30 days/,
  },
  {
    question: "if i close my portal account, how long before it's really deleted",
    page: "/legal/privacy",
    says: /14 days/,
  },
  {
    question: "do you keep invoices after i leave",
    page: "/legal/privacy",
    says: /five years/,
  },
  {
    question: "does the portal have two-step login",
    page: ["/legal/privacy", "/legal/terms"],
  },
  {
    question: "portal session — after how long idle must i sign in again",
    page: "/legal/cookies",
    says: /7 days/,
  },
  {
    question: "does the map on your contact page share my IP with anyone",
    page: ["/legal/cookies", "/legal/privacy", "/contact"],
  },
  {
    question: "is the demo chatbot's answer binding like a quote?",
    page: "/legal/terms",
  },
  {
    question: "i want to download whatever data your portal has about me",
    page: "/legal/privacy",
  },
  {
    question: "will you email me marketing without asking",
    page: "/legal/privacy",
  },
  {
    question: "i have a privacy request, who is the responsible person i write to",
    page: ["/legal/privacy", "/legal/paia-manual"],
  },
  // Follow-ups
  {
    question: "what extra would enterprise give us on top of that?",
    before: ["what's in growth"],
    page: "/pricing",
    says: /Enterprise/,
  },
  {
    question: "did it actually pay off for them?",
    before: ["tell me about the skincare shop project"],
    page: "/case-studies/ecommerce-overhaul",
  },
  {
    question: "and how do you go about it, step by step?",
    before: ["do you do workflow automation"],
    page: "/services/automations",
  },
  // Out of scope: near the site's topics, and other people's topics
  { question: "which cellphone contract has the most data for R300", page: null },
  { question: "my inverter keeps beeping during load shedding, what's wrong", page: null },
  { question: "can you find me a cheap second-hand bakkie in pretoria", page: null },
  { question: "recommend a good primary school for my laaitie", page: null },
  { question: "how do i claim from my car insurance after a hail storm", page: null },
  { question: "can you design and print our restaurant menus", page: null },
  { question: "is the rand going to get stronger this year", page: null },
  { question: "wat is die beste plek vir 'n braai in stellenbosch", page: null },
  { question: "how many sick days am i allowed under SA labour law", page: null },
  { question: "where can i get a gaming pc on special", page: null },
  { question: "when is the next long weekend", page: null },
  { question: "howzit, can you lend my company a projector for a day", page: null },
  { question: "which taxi goes from bellville to the city centre", page: null },
];
