/**
 * The ninth held-out set of the site assistant's evaluation (decision 114). Written on
 * 2026-11-27 before any change to the engine in that session and before running the assistant
 * on it, from the public site's content only (app/content and the product spec's pages), in
 * visitors' own words: paraphrases, typos, South African usage, follow-ups and near-topic
 * questions the site does not answer (other businesses' hours, payments elsewhere, domains).
 * No retrieval output and no set's misses were read for it. Never tune on it; never edit a
 * question or its expected answer to fit. The test prints its figures, never its misses.
 */
import type { EvalCase } from "./eval-case";

const twoToSixWeeks = /2 to 6 weeks|two to six weeks/i;

export const heldOutNinth: EvalCase[] = [
  // Packages and prices
  {
    question: "entry level pakage, what will it cost me every month",
    page: "/pricing",
    says: /R4,500/,
  },
  { question: "whats the monthly damage for growth, ex vat?", page: "/pricing", says: /R12,500/ },
  { question: "is the 4500 with or without the 15% tax", page: "/pricing", says: /VAT/ },
  {
    question: "do i pay something extra at the beginning besides the monthly amount",
    page: "/pricing",
    says: /once-off/i,
  },
  {
    question: "is there a cap on conversations with the entry package",
    page: "/pricing",
    says: /1,000/,
  },
  {
    question: "we get about 8000 whatsapp chats a month, which package suits us",
    page: "/pricing",
    says: /10,000/,
  },
  { question: "must i sign up for a whole year?", page: "/pricing", says: /three-month/ },
  {
    question: "which tier gives you your own account manager",
    page: "/pricing",
    says: /Enterprise/,
  },
  { question: "can i drop back to the starter one if growth is too pricey", page: "/pricing" },
  {
    question: "does starter have phone support or just mail",
    page: "/pricing",
    says: /Email support/i,
  },
  {
    question: "ok and the smaller package?",
    before: ["what does growth cost"],
    page: "/pricing",
    says: /R4,500/,
  },
  { question: "are your amounts in USD or ZAR", page: "/pricing", says: /rand/ },
  {
    question: "if we go over our chat limit do you just charge us more straight away?",
    page: "/pricing",
  },
  {
    question: "how quick do i get a quote back from you",
    page: ["/pricing", "/services"],
    says: /one business day/,
  },
  {
    question: "got a quote from you a while back, does it expire",
    page: "/legal/terms",
    says: /30 days/,
  },
  // AI assistants
  {
    question: "we get loads of messages on our FB page, can your bot answer those",
    page: "/services/ai",
  },
  { question: "my customers mostly write in afrikaans, will the bot cope", page: "/services/ai" },
  { question: "can it chat to my clients in xhosa", page: "/services/ai" },
  {
    question: "how do i know the bot won't invent answers that aren't in our policies",
    page: "/services/ai",
  },
  {
    question: "if the bot gets stuck with an angry customer does someone from our side take over",
    page: "/services/ai",
  },
  { question: "is our knowledge base kept in SA or overseas?", page: "/services/ai" },
  {
    question: "we use hubspot, can the chatbot log new leads straight into it",
    page: ["/services/ai", "/services/automations"],
  },
  // Automations
  {
    question: "our bookkeeper captures till slips by hand into sage, can that be automated",
    page: "/services/automations",
  },
  { question: "do you link up with shopify and salesforce", page: "/services/automations" },
  {
    question: "what if the automation hits an error halfway through",
    page: "/services/automations",
  },
  {
    question: "can a manager sign off a purchase before the workflow carries on",
    page: "/services/automations",
  },
  {
    question: "will i be able to see how many hours the automation saves us",
    page: "/services/automations",
  },
  // Voice agents
  {
    question: "can your robot receptionist take calls after 5pm",
    page: "/services/voice-agents",
  },
  {
    question: "our sharecall line starts with 0860, can your call bot pick up on it",
    page: "/services/voice-agents",
  },
  {
    question: "does the phone agent send us a write-up of each call",
    page: "/services/voice-agents",
  },
  {
    question: "what if the caller insists on speaking to a human",
    page: "/services/voice-agents",
  },
  {
    question: "how do you go about setting up a voice agent, what are the steps",
    page: "/services/voice-agents",
  },
  { question: "can i ring your demo line to hear the voice bot", page: "/demo" },
  // Websites
  {
    question: "my site is super slow on cellphones, can you sort it out",
    page: "/services/websites",
  },
  {
    question: "if you build our website who owns the domain afterwards",
    page: "/services/websites",
  },
  {
    question: "can you redo our old wordpress site without breaking our google links",
    page: "/services/websites",
  },
  {
    question: "will the website be usable for someone who is blind",
    page: "/services/websites",
  },
  {
    question: "can it have a booking form on it?",
    before: ["do you build websites"],
    page: "/services/websites",
  },
  // How a project runs
  {
    question: "from yes to launch, how many weeks realistically",
    page: ["/services", "/"],
    says: twoToSixWeeks,
  },
  { question: "what happens after the first call with you", page: "/services" },
  {
    question: "is the intro meeting an hour or shorter",
    page: ["/contact", "/services", "/book/consultation"],
    says: /30/,
  },
  // Industries
  {
    question: "attorneys here, can you automate collecting new clients' ID and proof of address",
    page: "/solutions",
  },
  {
    question: "i own 40 flats, anything for tenant admin and repairs?",
    page: "/solutions",
  },
  { question: "we're a non-profit, is that something you take on", page: "/solutions" },
  { question: "can you send school fee reminders to parents", page: "/solutions" },
  {
    question: "do u do anything for insurance companies",
    page: ["/solutions", "/case-studies/customer-service-transformation"],
  },
  // Case studies
  {
    question:
      "that building supplies chain with 12 branches, how many rand did the project free up",
    page: "/case-studies/retail-automation",
    says: /R1\.2/,
  },
  {
    question:
      "what happened to missed appointments at that medical centre after your system went in",
    page: "/case-studies/healthcare-appointment-system",
    says: /6%/,
  },
  {
    question: "fynbos and co's new store, what's the page speed on mobile now",
    page: "/case-studies/ecommerce-overhaul",
    says: /1\.4/,
  },
  {
    question: "Amandla Cover job, how many weeks from start to finish?",
    page: "/case-studies/customer-service-transformation",
    says: /12 weeks/,
  },
  {
    question: "have you got a KZN client i could look at",
    page: ["/case-studies/healthcare-appointment-system", "/case-studies"],
  },
  {
    question: "and how many bookings does it do a month",
    before: ["what did you do for the medical centre"],
    page: "/case-studies/healthcare-appointment-system",
    says: /3,400/,
  },
  // Contact
  { question: "which street are you on in cpt town centre", page: "/contact", says: /Strand/ },
  { question: "can i pop in on a saturday morning", page: "/contact", says: /Mon/ },
  { question: "can i msg you guys on whatsapp, which number", page: "/contact" },
  { question: "is there parking near you guys", page: "/contact" },
  {
    question: "sent you a message this morning, how long do you usually take to answer",
    page: "/contact",
    says: /24 hours/,
  },
  {
    question: "i'd like to book a call with one of your specialists",
    page: ["/contact", "/book/consultation"],
  },
  // Privacy and legal
  { question: "will my info end up with spammers if I fill in your form", page: "/legal/privacy" },
  {
    question: "how do i get you to wipe my info after i sent a quote request",
    page: "/legal/privacy",
  },
  { question: "does your website track me with google analytics", page: "/legal/cookies" },
  {
    question: "does the whatsapp bot ever delete what i typed to it",
    page: "/legal/privacy",
    says: /30 days/,
  },
  {
    question: "if i'm unhappy with how you handle my data, is there a regulator i can go to",
    page: "/legal/privacy",
  },
  {
    question: "can i back out within a week after signing up online",
    page: "/legal/terms",
    says: /seven days/,
  },
  { question: "access to information act manual link pls", page: "/legal/paia-manual" },
  // About
  {
    question: "what's your track record, roughly how many builds are behind you",
    page: "/about",
    says: /500/,
  },
  { question: "is this a south african business or an international one", page: "/about" },
  // Out of scope: other businesses' hours, payments elsewhere, domains, and the unrelated
  { question: "what time does Woolworths at Canal Walk close on a Sunday", page: null },
  { question: "is Home Affairs open on saturdays", page: null },
  { question: "how do i buy prepaid electricity from eskom online", page: null },
  { question: "can i pay my SARS eFiling tax with a credit card", page: null },
  { question: "can I pay my doctor's account through your site", page: null },
  { question: "how much is a .co.za domain registration per year", page: null },
  { question: "can you move my domain away from Afrihost", page: null },
  { question: "can you put in a generator at our shop for when the power goes off", page: null },
  { question: "my samsung wont charge, can you repair it", page: null },
  { question: "how many rand for one british pound right now", page: null },
  { question: "do you give bursaries to matric students", page: null },
  { question: "which stage of loadshedding are we on in Tshwane", page: null },
];
