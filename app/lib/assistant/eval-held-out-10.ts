/**
 * The tenth held-out set of the site assistant's evaluation (decision 114). Held-out sets 8 and
 * 9 were each measured once with decision 114's candidate and are used up. This set was written
 * after that measurement and before any further change, from the public site's content only
 * (app/content and the product spec's pages), in visitors' own words, without running the
 * assistant on it or reading any set's misses for it. Never tune on it; never edit a question
 * or its expected answer to fit. The test prints its figures, never its misses.
 */
import type { EvalCase } from "./eval-case";

export const heldOutTenth: EvalCase[] = [
  // Packages and prices
  {
    question: "my budget is about 5k a month, is there something that fits",
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question: "twelve and a half thousand, is that the middle package?",
    page: "/pricing",
    says: /Growth/,
  },
  {
    question: "does the growth plan come with the phone bot",
    page: "/pricing",
    says: /voice agent/i,
  },
  { question: "enterprise, what's the figure roughly", page: "/pricing", says: /quote/i },
  {
    question: "on the R12,500 tier, how many processes can you automate for us",
    page: "/pricing",
    says: /5 workflow/,
  },
  { question: "do you charge per message or per conversation", page: "/pricing" },
  {
    question: "after the first three months can i leave any time",
    page: "/pricing",
    says: /month to month/,
  },
  {
    question: "is the setup cost fixed or worked out per client",
    page: "/pricing",
    says: /quote/i,
  },
  {
    question: "and one level higher, what's added?",
    before: ["what does starter include"],
    page: "/pricing",
    says: /Growth/,
  },
  {
    question: "analytics in the basic bundle, how advanced is it",
    page: "/pricing",
    says: /Basic analytics/,
  },
  // AI assistants
  { question: "can the bot answer customers at 2am", page: "/services/ai" },
  {
    question: "can you train the assistant on our product catalogue and price list",
    page: "/services/ai",
  },
  {
    question: "does your chatbot put the follow up meeting into our calendar",
    page: "/services/ai",
  },
  { question: "walk me through how you build a chatbot", page: "/services/ai" },
  { question: "after launch do you keep checking the bot's conversations", page: "/services/ai" },
  { question: "will the ai plug into our own API", page: "/services/ai" },
  // Automations
  {
    question: "we lose hours reconciling spreadsheets every week, can you help",
    page: "/services/automations",
  },
  {
    question: "does your automation play nicely with google workspace and microsoft 365",
    page: "/services/automations",
  },
  {
    question: "do the automated workflows keep a record of who approved what",
    page: "/services/automations",
  },
  {
    question: "do you try the automation on our real data before switching it on",
    page: "/services/automations",
  },
  { question: "how do you decide which steps are worth automating", page: "/services/automations" },
  // Voice agents
  {
    question: "patients keep phoning to book, can a bot handle that",
    page: ["/services/voice-agents", "/solutions", "/case-studies/healthcare-appointment-system"],
  },
  {
    question: "do callers notice they're talking to a machine, is the voice natural",
    page: "/services/voice-agents",
  },
  {
    question:
      "can the call agent check our diary and lock in a time while the person is on the line",
    page: "/services/voice-agents",
  },
  {
    question: "does the voice assistant keep taking calls during load shedding",
    page: "/services/voice-agents",
  },
  {
    question: "and if someone on the line demands a manager?",
    before: ["tell me about voice agents"],
    page: "/services/voice-agents",
  },
  { question: "what languages does the demo voice agent speak", page: "/demo", says: /Afrikaans/ },
  { question: "can I schedule a voice demo online", page: ["/demo", "/book/voice-demo"] },
  // Websites
  { question: "do your websites come with analytics set up", page: "/services/websites" },
  { question: "will enquiries from the site land in our CRM", page: "/services/websites" },
  {
    question: "do you look after the website's upkeep once it's launched",
    page: "/services/websites",
  },
  { question: "do we get to review the design before you build", page: "/services/websites" },
  { question: "new site for a guesthouse, doable?", page: "/services/websites" },
  // How a project runs
  { question: "what's step one if we want to work with you", page: ["/services", "/contact"] },
  { question: "do you give a fixed price for the project", page: ["/services", "/pricing"] },
  { question: "once it's live, is there ongoing support", page: "/services" },
  // Industries
  {
    question: "we're an accounting practice drowning in invoicing and debtors, can you help",
    page: "/solutions",
  },
  { question: "do you do anything for universities, like course questions", page: "/solutions" },
  { question: "online shop here, can a bot chase abandoned carts on whatsapp", page: "/solutions" },
  {
    question: "estate agency: can leads from property portals get instant replies",
    page: "/solutions",
  },
  {
    question: "can you automate claim status queries for an insurer",
    page: ["/solutions", "/case-studies/customer-service-transformation"],
  },
  { question: "we're a manufacturer, is that a fit for you", page: "/solutions" },
  // Case studies
  {
    question: "which client ended up with 93% satisfaction",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "how quickly did the Gauteng hardware client earn back what they spent",
    page: "/case-studies/retail-automation",
    says: /5 months/,
  },
  {
    question: "that natural cosmetics brand you did the store for, what was the story",
    page: "/case-studies/ecommerce-overhaul",
  },
  {
    question: "did the brokerage's assistant speak zulu",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "how many weeks was the clinic job",
    page: "/case-studies/healthcare-appointment-system",
    says: /8 weeks/,
  },
  {
    question: "who was the client?",
    before: ["tell me about the retail project"],
    page: "/case-studies/retail-automation",
    says: /Mzansi/,
  },
  {
    question: "which of your projects were in cape town",
    page: ["/case-studies/ecommerce-overhaul", "/case-studies"],
  },
  // Contact
  {
    question: "which number do i dial for your cape town office",
    page: "/contact",
    says: /555 0142/,
  },
  { question: "whats the email to reach you", page: "/contact", says: /hello@/ },
  { question: "till what time can i reach you on a weekday", page: "/contact", says: /17:00/ },
  { question: "is there a map showing your building", page: "/contact" },
  { question: "i'd rather phone than type, what number", page: "/contact", says: /555 0142/ },
  // Privacy and legal
  {
    question: "does reading your services pages drop anything in my browser",
    page: "/legal/cookies",
  },
  {
    question: "if i stay idle in the client portal when do i get signed out",
    page: "/legal/cookies",
    says: /7 days/,
  },
  {
    question: "once i hit delete on my client login, how many days until it's erased",
    page: "/legal/privacy",
    says: /14 days/,
  },
  {
    question: "your web server's records of my IP address, kept how long?",
    page: "/legal/privacy",
    says: /30 days/,
  },
  { question: "is your company registered, do you have a vat number", page: "/legal/terms" },
  {
    question: "is it SA law that applies if we ever fight over the contract",
    page: "/legal/terms",
  },
  // About
  { question: "why does your company exist, what's the goal", page: "/about" },
  { question: "what principles guide your team's work", page: "/about" },
  // Out of scope: other businesses' hours, payments elsewhere, domains, near topics, unrelated
  { question: "what are Pick n Pay's trading hours on public holidays", page: null },
  { question: "is the Cape Town civic centre open on Fridays", page: null },
  { question: "how do i pay my City of Joburg rates online", page: null },
  { question: "how do i settle an AARTO fine by EFT", page: null },
  { question: "I want to register mykasi.co.za, is it still available", page: null },
  { question: "who has the cheapest email hosting for my domain", page: null },
  { question: "do you do bookkeeping and tax returns for small businesses", page: null },
  { question: "do you do signage and vehicle branding for our bakkies", page: null },
  { question: "what's the dialling code for Namibia", page: null },
  { question: "how do I get a refund from Takealot", page: null },
  { question: "when does the next Springbok test kick off", page: null },
];
