/**
 * The sixteenth held-out set of the site assistant's evaluation (decision 161). Held-out sets
 * 12–15 are used up. This set was written after decision 154's run of set 15 and before any
 * change or fit of decision 161, from the public site's content only (app/content: packages,
 * services and their detail pages, industries, case studies, about, contact, demo, legal), in
 * visitors' own words (paraphrases, typos, South African usage, Afrikaans and isiZulu bits,
 * follow-ups), without running the assistant or its retrieval on it and without reading any
 * set's misses for it. Never tune on it; never edit a question or its expected answer to fit.
 * Its rule (assistant.test.ts, fixed before its run): run ONCE, main's engine and one
 * candidate side by side (scripts/assistant-held-out.ts 16); figures and counts of misses by
 * kind only, never the questions missed.
 */
import type { EvalCase } from "./eval-case";

const twoToSix = /2 to 6 weeks|two to six weeks/;

export const heldOutSixteenth: EvalCase[] = [
  // Packages and prices
  { question: "hoeveel is the starter package a month?", page: "/pricing", says: /R4,500/ },
  {
    question: "whats the growth plan going to cost us in rands",
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "that top tier for corporates, fixed fee or you work it out per client",
    page: "/pricing",
    says: /quote|Enterprise/,
  },
  { question: "does the R4500 include vat or is that added", page: "/pricing" },
  {
    question: "besides the monthly debit, is there something we pay upfront once",
    page: "/pricing",
    says: /once-off|setup/i,
  },
  {
    question: "can i cancel after the first month if im not happy",
    page: "/pricing",
    says: /three-month/,
  },
  { question: "say we blow past our 1000 chat limit one month, then what", page: "/pricing" },
  { question: "if one client sends 20 whatsapps is that 1 conversation or 20", page: "/pricing" },
  {
    question: "if i want the phone answering thing included, which tier",
    page: "/pricing",
    says: /Growth/,
  },
  {
    question: "the R12,500 tier — how many automations come with it",
    page: "/pricing",
    says: /5 workflow/,
  },
  { question: "do the big clients get their own account manager", page: "/pricing" },
  {
    question: "can it run on our own servers in our building, we dont want cloud",
    page: "/pricing",
    says: /On-premise/i,
  },
  { question: "can we move from starter up to growth later on", page: "/pricing" },
  {
    question: "we're a tiny family shop, whats the cheapest option you have",
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question: "i need a proper written quote for a bigger job",
    page: ["/pricing", "/contact"],
  },
  // The site does not say these: handed to the team.
  { question: "can we pay you by debit order every month", page: null },
  { question: "non-profit rates? we're a registered charity", page: null },
  { question: "is there a free trial month before we commit", page: null },
  { question: "my nephew just finished his IT diploma, any openings for him", page: null },
  // AI services
  {
    question: "can ur chatbot chat to my customers in isizulu",
    page: ["/services/ai", "/services"],
    says: /isiZulu/,
  },
  {
    question: "we get the same qs on facebook and insta all day, can a bot handle those",
    page: "/services/ai",
  },
  {
    question: "can the bot learn our price list and returns policy",
    page: "/services/ai",
  },
  { question: "will customers get answers on a sunday night", page: "/services/ai" },
  {
    question: "once the bot has qualified someone, does it slot a sales meeting into our diary",
    page: ["/services/ai", "/services/voice-agents"],
  },
  { question: "what stops the chatbot from saying something dodgy", page: "/services/ai" },
  {
    question: "after launch do you keep making the bot better or is it once-off",
    page: ["/services/ai", "/services"],
  },
  {
    question: "does it hook up to hubspot",
    page: ["/services/ai", "/services/automations"],
  },
  { question: "we want a whatsapp bot for our clients", page: "/services/ai" },
  {
    question: "if the bot is stuck can the customer get hold of an actual person",
    page: "/services/ai",
  },
  // Automations
  {
    question: "we copy orders from emails into excel every day, can u automate that",
    page: "/services/automations",
  },
  {
    question: "do your workflows work with salesforce",
    page: "/services/automations",
    says: /Salesforce/,
  },
  {
    question: "our accounting is on sage, can you connect to that",
    page: "/services/automations",
    says: /Sage/,
  },
  {
    question: "invoices over R50k need the boss to sign off, can that be automated",
    page: "/services/automations",
  },
  {
    question: "will there be a record of every step the automation did, for audits",
    page: "/services/automations",
  },
  {
    question: "how do you figure out which admin to automate first",
    page: "/services/automations",
  },
  {
    question: "can i see how many hours and rands the automation saved",
    page: "/services/automations",
  },
  {
    question: "does the automation run alongside my staff for a while first",
    page: "/services/automations",
  },
  {
    question: "can your system read pdf invoices and capture them for us",
    page: "/services/automations",
  },
  {
    question: "chasing debtors for payment takes my whole week",
    page: ["/solutions", "/services/automations"],
  },
  // Voice agents
  {
    question: "an ai that answers our phones even in load shedding?",
    page: "/services/voice-agents",
  },
  {
    question: "kan die stem agent afrikaans praat",
    page: ["/demo", "/services/voice-agents"],
  },
  {
    question: "can the phone agent send patients reminders for appointments",
    page: ["/services/voice-agents", "/solutions"],
  },
  {
    question: "who writes what the phone bot says, us or you",
    page: "/services/voice-agents",
  },
  {
    question: "callers for accounts vs sales, can it send them to the correct team",
    page: "/services/voice-agents",
  },
  { question: "i'd like to ring your test line and hear the robot voice myself", page: "/demo" },
  {
    question: "one lady on the switchboard and the phone rings non stop",
    page: "/services/voice-agents",
  },
  {
    question: "will the phone agent log each call in our crm",
    page: "/services/voice-agents",
  },
  // Websites
  {
    question: "guesthouse owner in the karoo, need a proper site built",
    page: "/services/websites",
  },
  {
    question: "will the site be usable for people who are blind or partially sighted",
    page: "/services/websites",
  },
  { question: "do you guys do seo as well", page: "/services/websites" },
  {
    question: "can visitors book an appointment right on our website",
    page: "/services/websites",
  },
  {
    question: "who keeps the website secure and updated once it's live",
    page: "/services/websites",
  },
  { question: "our wix page takes ages to open, fixable?", page: "/services/websites" },
  {
    question: "will it look decent on a cellphone",
    page: "/services/websites",
  },
  {
    question: "the .co.za address — registered to us or to your company",
    page: "/services/websites",
  },
  // Process and durations
  {
    question: "what happens on the free consultation call and how long is it",
    page: ["/services", "/contact"],
    says: /30/,
  },
  {
    question: "after we chat how soon do i get a proposal",
    page: "/services",
    says: /one business day/,
  },
  { question: "is your quote a fixed amount or do u charge by the hour", page: "/services" },
  {
    question: "how many weeks until we go live, roughly",
    page: ["/services", "/"],
    says: twoToSix,
  },
  {
    question: "from signing to the phone bot answering calls, how many weeks",
    page: ["/services", "/", "/services/voice-agents"],
    says: twoToSix,
  },
  { question: "what support do we get once everything is live", page: ["/services", "/pricing"] },
  { question: "steps of a project with you pls", page: "/services" },
  // Industries
  {
    question: "we run a courier fleet of bakkies and trucks, relevant to us?",
    page: "/solutions",
  },
  { question: "we're a small NGO, is this for people like us", page: "/solutions" },
  { question: "can you help us collect fica documents from clients", page: "/solutions" },
  { question: "attorneys firm here, we drown in admin", page: "/solutions" },
  { question: "rental agency: can you help with screening tenants", page: "/solutions" },
  {
    question: "we're a college, can a bot deal with students asking about fee statements",
    page: "/solutions",
  },
  { question: "we own a few restaurants and a hotel, any use for us", page: "/solutions" },
  { question: "do you work with factories and manufacturers", page: "/solutions" },
  {
    question: "online shop, people leave stuff in the cart, can you send them reminders",
    page: "/solutions",
  },
  // Case studies
  {
    question: "the hardware stores project, how quickly did it pay for itself",
    page: "/case-studies/retail-automation",
    says: /5 months/,
  },
  {
    question: "how much cash did mzansi home free up",
    page: "/case-studies/retail-automation",
    says: /R1\.2/,
  },
  {
    question: "amandla brokers, how long were people on hold before you came in",
    page: "/case-studies/customer-service-transformation",
    says: /14 minutes/,
  },
  {
    question: "amandla's bot spoke which languages",
    page: "/case-studies/customer-service-transformation",
    says: /isiZulu/,
  },
  {
    question: "the durban doctors, how many bookings a month happen automatically now",
    page: "/case-studies/healthcare-appointment-system",
    says: /3,400/,
  },
  {
    question: "the skincare website you redid, how fast does it load now",
    page: "/case-studies/ecommerce-overhaul",
    says: /1\.4 s/,
  },
  {
    question: "by how much did fynbos's online sales grow",
    page: "/case-studies/ecommerce-overhaul",
    says: /63%/,
  },
  {
    question: "protea medical — weeks from start to finish?",
    page: "/case-studies/healthcare-appointment-system",
    says: /8 weeks/,
  },
  {
    question: "anything you've done for doctors or clinics i can read",
    page: ["/case-studies", "/case-studies/healthcare-appointment-system"],
  },
  // About, contact, demo
  { question: "which city r u guys in", page: ["/about", "/contact"] },
  { question: "is kopano a SA outfit or an international firm", page: "/about" },
  {
    question: "how many clients and builds have you got under your belt",
    page: "/about",
    says: /500/,
  },
  { question: "which inbox do i mail to reach your team", page: "/contact", says: /@/ },
  { question: "prefer texting on whatsapp, possible?", page: ["/contact", "/"] },
  {
    question: "driving in to see you, where do i leave the car",
    page: "/contact",
    says: /[Pp]arking/,
  },
  {
    question: "will anyone be at the office if i visit saturday",
    page: "/contact",
    says: /Mon|08:00/,
  },
  { question: "i want to book a demo of the voice agent", page: ["/demo", "/contact"] },
  {
    question: "could you show us a demo built around our own business",
    page: "/demo",
  },
  { question: "what do you guys stand for, whats the goal of kopano", page: "/about" },
  // Privacy and legal
  { question: "do u save the questions i type into this chat", page: "/legal/privacy" },
  {
    question: "how long do you hang on to my quote request details",
    page: "/legal/privacy",
    says: /24 months/,
  },
  {
    question: "how do i close my portal account and get it deleted",
    page: "/legal/privacy",
    says: /14 days/,
  },
  {
    question: "does your website use tracking cookies or google analytics",
    page: "/legal/cookies",
  },
  { question: "i want to request records from you under paia", page: "/legal/paia-manual" },
  {
    question: "signed up online, can i still cancel within a week",
    page: "/legal/terms",
    says: /seven days/,
  },
  {
    question: "if your chatbot tells me something wrong, is that binding",
    page: "/legal/terms",
  },
  { question: "do you send my personal info to other countries", page: "/legal/privacy" },
  {
    question: "what do you do if you get hacked and my details leak",
    page: "/legal/privacy",
  },
  // Follow-ups
  {
    question: "ok what about growth then",
    before: ["how much is the starter plan"],
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "and xero?",
    before: ["tell me about your automations"],
    page: "/services/automations",
    says: /Xero/,
  },
  {
    question: "and when it's done whose is it",
    before: ["do you build websites"],
    page: "/services/websites",
  },
  {
    question: "and the timeline on that one?",
    before: ["what did you do for the hardware chain"],
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  {
    question: "and can it book appointments?",
    before: ["do you do voice agents"],
    page: "/services/voice-agents",
  },
  // Out of scope
  { question: "my bakkie's aircon blows warm air, who can regas it", page: null },
  { question: "will there be load shedding this weekend", page: null },
  { question: "where can i buy an inverter and batteries for my house", page: null },
  { question: "how do i claim uif after being retrenched", page: null },
  { question: "fnb or absa for a small company's transactional account", page: null },
  { question: "dropped my galaxy and the glass shattered, repair?", page: null },
  { question: "how long do i bake bobotie for", page: null },
  { question: "is the 16th of december a day off", page: null },
  { question: "i need a conveyancer to transfer my house", page: null },
  { question: "my licence disc expired last week, what now", page: null },
  { question: "gautrain delays between sandton and pretoria?", page: null },
  { question: "my dog is sick, where is the nearest vet", page: null },
  { question: "quote me for a rooftop pv system", page: null },
  { question: "how much data is on a vodacom R99 bundle", page: null },
  { question: "ek sukkel met graad 10 wiskunde, help asseblief", page: null },
  { question: "ngicela ningisize ngithole umsebenzi", page: null },
  { question: "whats the weather in gqeberha tomorrow", page: null },
  { question: "can we get cctv cameras installed at our warehouse", page: null },
  { question: "can you set up the wifi in our office", page: null },
  { question: "i'm hungry, do you deliver food", page: null },
];
