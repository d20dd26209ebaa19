/**
 * The twelfth held-out set of the site assistant's evaluation (decision 135). Held-out set 11
 * was measured with main's engine and decision 123's candidate and is used up. This set was
 * written before any change or run of this session, from the public site's content only
 * (app/content and the product spec's pages), in visitors' own words (paraphrases, typos, South
 * African usage, Afrikaans bits, follow-ups), without running the assistant on it or reading
 * any set's misses for it. Never tune on it; never edit a question or its expected answer to
 * fit. The test prints its figures, never its misses.
 */
import type { EvalCase } from "./eval-case";

export const heldOutTwelfth: EvalCase[] = [
  // Packages and prices
  {
    question: "howzit, wat kos julle cheapest option per maand?",
    page: "/pricing",
    says: /R4,500/,
  },
  { question: "is the 4.5k before or after vat is added", page: "/pricing", says: /VAT/ },
  {
    question: "roughly what would the popular package set us back monthly",
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question:
      "one client fires off twenty whatsapps in a single session, does each one eat into my quota",
    page: "/pricing",
  },
  {
    question: "we're on the entry plan and blow through our chat limit mid-month, now what",
    page: "/pricing",
  },
  {
    question: "how long am i locked in before it goes month-to-month",
    page: "/pricing",
    says: /three-month/,
  },
  {
    question: "which of the bundles gets us a phone agent as well",
    page: "/pricing",
    says: /Growth/,
  },
  {
    question: "need something where the chat volume is never capped",
    page: "/pricing",
    says: /Unlimited/i,
  },
  {
    question: "the upfront setup charge, what does it actually pay for",
    page: "/pricing",
    says: /once-off/i,
  },
  { question: "can we bump up a tier halfway through the year", page: "/pricing" },
  { question: "is onboarding part of every plan or extra", page: "/pricing" },
  {
    question: "on the R4500 option, how many processes get automated",
    page: "/pricing",
    says: /1 workflow/,
  },
  {
    question: "will we deal with a named person or a call centre",
    page: "/pricing",
  },
  // AI assistants
  {
    question: "besides our website, will the bot reply on our socials",
    page: "/services/ai",
  },
  {
    question: "ons kliënte praat meestal Afrikaans, can the bot handle that",
    page: "/services/ai",
  },
  {
    question: "worried the AI makes stuff up, does it stick to what we tell it",
    page: "/services/ai",
  },
  {
    question: "when a customer gets difficult can the bot pass them to my staff",
    page: "/services/ai",
  },
  {
    question: "does the AI thing plug into the booking software we already use",
    page: "/services/ai",
  },
  { question: "walk me through how you get an AI bot live", page: "/services/ai" },
  {
    question: "can the chatbot sort out serious buyers and put a meeting in our diary",
    page: "/services/ai",
  },
  {
    question: "after it's launched, who keeps improving the bot's answers",
    page: "/services/ai",
  },
  // Automations
  {
    question: "we key supplier invoices into our accounting package by hand, can u automate that",
    page: "/services/automations",
  },
  {
    question: "our sales team lives in hubspot, will your stuff link up with it",
    page: "/services/automations",
  },
  {
    question: "what happens when a workflow breaks in the middle of a run",
    page: "/services/automations",
  },
  {
    question: "our gmail and google sheets don't talk to each other, can you sort it",
    page: "/services/automations",
  },
  {
    question: "can a manager sign off before something goes through",
    page: "/services/automations",
  },
  {
    question: "is there some report showing the rand and time we're saving",
    page: "/services/automations",
  },
  {
    question: "first thing you do when you automate our admin?",
    page: "/services/automations",
  },
  // Voice agents
  {
    question: "does the phone bot still pick up when we're sitting in load shedding",
    page: "/services/voice-agents",
  },
  {
    question: "we have an 0861 share number, will the voice thing work on it",
    page: "/services/voice-agents",
  },
  {
    question: "some of our callers hate robots, can they get through to my receptionist",
    page: "/services/voice-agents",
  },
  {
    question: "does my team get a write-up of each call afterwards",
    page: "/services/voice-agents",
  },
  {
    question: "can the voice agent talk in the same tone as our brand",
    page: "/services/voice-agents",
  },
  {
    question: "time frame for getting a call answering bot running",
    page: ["/services/voice-agents", "/services", "/"],
    says: /(2|two) to (6|six) weeks/,
  },
  // Websites
  {
    question: "my current site crawls on a phone, can you speed it up",
    page: "/services/websites",
  },
  {
    question: "once you build the website is the domain in my name",
    page: "/services/websites",
  },
  {
    question:
      "we have an outdated wordpress site, can you give it a makeover and keep the old links working",
    page: "/services/websites",
  },
  {
    question: "will a blind person be able to use the site you build",
    page: "/services/websites",
  },
  {
    question: "can visitors book with us straight from the website",
    page: "/services/websites",
  },
  {
    question: "will we come up higher when people search for us",
    page: "/services/websites",
  },
  // Services and how a project runs
  {
    question: "after the free chat how soon does the quotation come",
    page: ["/services", "/pricing", "/contact"],
    says: /one business day/,
  },
  { question: "give me the full list of what you lot offer", page: "/services" },
  {
    question: "from first call to go-live, what are the stages",
    page: ["/services", "/"],
  },
  {
    question: "can we start with just the website and add the AI stuff later",
    page: "/services",
  },
  // Industries
  {
    question: "we manage rental flats and tenants moan about maintenance, any use to us?",
    page: "/solutions",
  },
  {
    question: "attorneys firm here, drowning in FICA paperwork — relevant?",
    page: "/solutions",
  },
  {
    question: "our school battles to collect fees, can you remind moms and dads automatically",
    page: "/solutions",
  },
  {
    question: "we're a small courier outfit with 6 bakkies, do you work with logistics",
    page: "/solutions",
  },
  { question: "we are an NGO on a tight budget, is this for us", page: "/solutions" },
  {
    question: "small physio practice, patients keep forgetting their slots",
    page: ["/solutions", "/case-studies/healthcare-appointment-system", "/services/voice-agents"],
  },
  {
    question: "online shop, people fill a cart and vanish, can you chase them on whatsapp",
    page: ["/solutions", "/case-studies/ecommerce-overhaul"],
  },
  {
    question: "clients phone at night about where their claim is, can you help an insurer",
    page: ["/solutions", "/case-studies/customer-service-transformation"],
  },
  // Case studies
  {
    question: "that hardware group, how much money was tied up in stock they released",
    page: "/case-studies/retail-automation",
    says: /R1\.2/,
  },
  {
    question: "payback period on the stock reorder project for the 12 stores?",
    page: "/case-studies/retail-automation",
    says: /5 months/,
  },
  {
    question: "the insurance call centre, did people still sit on hold for ages",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "the skincare brand's shop, is it still slow on a cellphone",
    page: "/case-studies/ecommerce-overhaul",
    says: /1\.4/,
  },
  {
    question: "did the durban doctors end up with fewer missed appointments",
    page: "/case-studies/healthcare-appointment-system",
    says: /6%/,
  },
  {
    question: "the skincare online shop rebuild, duration start to finish?",
    page: "/case-studies/ecommerce-overhaul",
    says: /14 weeks/,
  },
  {
    question: "any proof of results you've had for actual clients",
    page: ["/case-studies", "/"],
  },
  // About
  { question: "are you lot local or an overseas outfit", page: "/about" },
  { question: "how many jobs have you finished so far", page: "/about", says: /500/ },
  { question: "sum up what your company is trying to do", page: "/about" },
  // Contact
  {
    question: "till when is your office open during the week",
    page: ["/contact", "/"],
    says: /17:00/,
  },
  { question: "where do i park if i pop in to the office", page: "/contact" },
  {
    question: "what email do i send stuff to",
    page: ["/contact", "/legal/privacy"],
    says: /hello@kopano/,
  },
  {
    question: "which street is your cape town office on",
    page: ["/contact", "/legal/privacy"],
    says: /Strand/,
  },
  {
    question: "i emailed on monday, when should i hear back",
    page: "/contact",
    says: /24 hours/,
  },
  // Demo
  { question: "is there a number to phone to hear the voice bot", page: "/demo" },
  {
    question: "could you put together a trial using our own business stuff",
    page: "/demo",
  },
  // Legal and privacy
  {
    question: "after i send a quote request, when do you delete it",
    page: "/legal/privacy",
    says: /24 months/,
  },
  {
    question: "please remove my name and email from your records",
    page: ["/legal/privacy", "/contact"],
  },
  { question: "do you follow me around with google analytics", page: "/legal/cookies" },
  {
    question: "suppose you leak my data, is there an authority i can lay a complaint with",
    page: "/legal/privacy",
  },
  {
    question: "got your quotation 3 weeks back, can i still accept it at that price",
    page: "/legal/terms",
    says: /30 days/,
  },
  {
    question: "if we end up in a dispute which country's courts decide",
    page: "/legal/terms",
  },
  {
    question: "where do i see which records your company keeps",
    page: "/legal/paia-manual",
  },
  // Follow-ups
  {
    question: "what about the entry level?",
    before: ["what do you charge for growth"],
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question: "length of that project?",
    before: ["have you done anything for a hardware shop"],
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  {
    question: "who owns it afterwards?",
    before: ["tell me about your website service"],
    page: "/services/websites",
  },
  {
    question: "do we get our own account manager on it?",
    before: ["how much is enterprise"],
    page: "/pricing",
    says: /account manager/i,
  },
  // Out of scope: near the site's topics, and other people's topics
  { question: "my bakkie's clutch is slipping, know a good mechanic in bellville?", page: null },
  { question: "is diesel going up again in december", page: null },
  { question: "howzit, which stage of load shedding is joburg on today", page: null },
  { question: "can you lend me R20 000 till month end", page: null },
  { question: "do you sell airtime and data bundles", page: null },
  { question: "which medical aid is cheapest for a family of four", page: null },
  { question: "please help me write my matric essay on Shakespeare", page: null },
  { question: "how do i register for SARS efiling", page: null },
  { question: "any good braai spots near the waterfront", page: null },
  { question: "is the N2 closed near somerset west today", page: null },
  { question: "ek soek 'n loodgieter vir my geyser", page: null },
  { question: "do you fix cracked iphone screens", page: null },
  { question: "when do the schools close for the december holidays", page: null },
  { question: "how do i do an EFT from FNB to capitec", page: null },
];
