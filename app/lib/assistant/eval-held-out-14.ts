/**
 * The fourteenth held-out set of the site assistant's evaluation (decision 139). Held-out set 13
 * had one run left when this set was written. This set was written before any change or run of
 * decision 139's session, from the public site's content only (app/content and the product
 * spec's pages), in visitors' own words (paraphrases, typos, South African usage, Afrikaans bits,
 * follow-ups), without running the assistant on it or reading any set's misses for it. Never
 * tune on it; never edit a question or its expected answer to fit. The test prints its figures,
 * never its misses.
 */
import type { EvalCase } from "./eval-case";

export const heldOutFourteenth: EvalCase[] = [
  // Packages and prices
  {
    question: "whats the damage per month for starter, excl vat",
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question: "growth package — how many rand a month are we looking at",
    page: "/pricing",
    says: /R12,500/,
  },
  {
    question: "is there a lock-in if we sign up, or can we cancel anytime",
    page: "/pricing",
    says: /three-month/,
  },
  {
    question: "how many chats a month before we go over on the entry level plan",
    page: "/pricing",
    says: /1,000/,
  },
  {
    question: "does a long whatsapp thread with one customer count as many conversations?",
    page: "/pricing",
  },
  {
    question: "what happens to my bill if we blow past our conversation cap",
    page: "/pricing",
  },
  {
    question: "we want one fixed person looking after our account, which tier has that",
    page: "/pricing",
    says: /Enterprise/,
  },
  {
    question: "our IT guys insist everything runs in our own server room, possible?",
    page: "/pricing",
    says: /Enterprise/,
  },
  {
    question: "is voice included in the cheapest package or do i need to pay more",
    page: "/pricing",
  },
  {
    question: "number of automated workflows included in the mid tier?",
    page: "/pricing",
    says: /5 workflow/,
  },
  {
    question: "the rand figures on the pricing, is vat in them already",
    page: ["/pricing", "/legal/terms"],
  },
  {
    question: "whats the monthly price of enterprise",
    page: "/pricing",
  },
  // AI assistants
  {
    question: "half our customers prefer isiZulu, will the chatbot manage",
    page: ["/services/ai", "/services"],
  },
  {
    question: "we get the same 20 questions every day on facebook and whatsapp, can AI take over",
    page: ["/services/ai", "/services"],
  },
  {
    question: "what if the chatbot doesnt know the answer, does a real person step in?",
    page: ["/services/ai", "/services"],
  },
  {
    question: "will the AI make up stuff or only use our own info",
    page: "/services/ai",
  },
  {
    question: "our receptionist uses an online booking tool, can your assistant connect to it",
    page: "/services/ai",
  },
  {
    question: "the files the chatbot learns from, are they kept in a data centre of our choosing",
    page: "/services/ai",
  },
  {
    question: "want the bot to sort serious buyers from tyre kickers for our reps",
    page: ["/services/ai", "/services"],
  },
  // Automations
  {
    question: "we use sage pastel and retype every invoice, can u automate that",
    page: "/services/automations",
  },
  {
    question: "we live in hubspot, does your automation talk to it",
    page: "/services/automations",
  },
  {
    question: "what if an automated job falls over halfway",
    page: "/services/automations",
  },
  {
    question: "is there a dashboard showing how much time the automation saved",
    page: "/services/automations",
  },
  {
    question: "before you automate, do you measure how long our current process takes?",
    page: "/services/automations",
  },
  {
    question: "can you sync shopify orders to our accounting",
    page: "/services/automations",
  },
  // Voice agents
  {
    question: "our 0861 number — can your voice thing answer on that",
    page: "/services/voice-agents",
  },
  {
    question: "afterhours calls just go to voicemail now, can a bot pick up",
    page: "/services/voice-agents",
  },
  {
    question: "after the agent takes a call, what do my staff receive",
    page: "/services/voice-agents",
  },
  {
    question: "if a caller insists on a human can they be put through",
    page: "/services/voice-agents",
  },
  {
    question: "who writes what the phone agent says",
    page: "/services/voice-agents",
  },
  // Websites
  {
    question: "our website is ancient, can you revamp it without losing everything",
    page: "/services/websites",
  },
  {
    question: "who holds the web address and code once the build is paid",
    page: "/services/websites",
  },
  {
    question: "most of our visitors are on cellphones, will the site work nicely there",
    page: "/services/websites",
  },
  {
    question: "do you do SEO as part of a website build",
    page: "/services/websites",
  },
  {
    question: "can someone using a screen reader get around the sites you make",
    page: "/services/websites",
  },
  // How a project runs
  {
    question: "sent a quote request yesterday, when should i expect the figures",
    page: ["/pricing", "/services", "/contact"],
    says: /one business day|24 hours/,
  },
  {
    question: "walk me through the stages of working with you, start to finish",
    page: ["/services", "/"],
  },
  {
    question: "how many weeks till my project is up and running",
    page: ["/services", "/"],
    says: /(2|two) to (6|six) weeks/,
  },
  {
    question: "is the consult free or do you charge for it",
    page: ["/services", "/contact", "/about", "/pricing", "/demo"],
  },
  {
    question: "your proposal price, does it expire after some time",
    page: "/legal/terms",
    says: /30 days/,
  },
  // Industries
  {
    question: "we're a chain of dental practices, lots of patients dont pitch for appointments",
    page: ["/solutions", "/case-studies/healthcare-appointment-system", "/services/voice-agents"],
  },
  {
    question: "estate agency here — can you reply to property24 leads fast",
    page: "/solutions",
  },
  {
    question: "private college, parents keep phoning about school fees statements",
    page: "/solutions",
  },
  {
    question: "law firm: can you automate our client onboarding and FICA",
    page: "/solutions",
  },
  {
    question: "non-profit organisation here, is that a sector you've done",
    page: "/solutions",
  },
  {
    question: "we are a logistics company, not on your industries list — can you still help?",
    page: "/solutions",
  },
  {
    question: "people leave stuff in the basket on my webshop, can you nudge them on whatsapp",
    page: "/solutions",
  },
  // Case studies
  {
    question: "with the hardware stores, how much cash got released from overstock",
    page: "/case-studies/retail-automation",
    says: /R1\.2m/,
  },
  {
    question: "mzansi home & hardware rollout, duration in weeks?",
    page: "/case-studies/retail-automation",
    says: /10 weeks/,
  },
  {
    question: "how long were amandla's clients on hold before",
    page: "/case-studies/customer-service-transformation",
    says: /14 minutes/,
  },
  {
    question: "in which city is the protea medical centre",
    page: "/case-studies/healthcare-appointment-system",
    says: /Durban/,
  },
  {
    question: "protea family clinic missed appointments percentage after your system",
    page: "/case-studies/healthcare-appointment-system",
    says: /6%/,
  },
  {
    question: "skincare webshop page speed on mobile after the rebuild, in seconds",
    page: "/case-studies/ecommerce-overhaul",
    says: /1\.4 s/,
  },
  {
    question: "got a reference project in the short-term insurance space",
    page: ["/case-studies/customer-service-transformation", "/case-studies", "/solutions"],
  },
  {
    question: "i'd like to read up on past client projects",
    page: "/case-studies",
  },
  // About
  {
    question: "kopano's origins, which town did it begin in",
    page: "/about",
  },
  {
    question: "ballpark count of client builds delivered to date",
    page: "/about",
    says: /500/,
  },
  {
    question: "what is kopano trying to achieve, the bigger purpose",
    page: "/about",
  },
  {
    question: "is kopano south african owned or some overseas outfit",
    page: ["/about", "/contact"],
  },
  // Contact
  {
    question: "which mailbox do i write to if i want to reach you",
    page: ["/contact", "/legal/privacy", "/legal/terms", "/legal/paia-manual"],
    says: /hello@kopano\.ai/,
  },
  {
    question: "whats the street address of your office in cpt",
    page: ["/contact", "/legal/privacy", "/legal/terms", "/legal/paia-manual"],
    says: /80 Strand Street/,
  },
  {
    question: "until what hour is your office open on weekdays",
    page: ["/contact", "/"],
    says: /17:00/,
  },
  {
    question: "if i send a message how soon will someone answer",
    page: "/contact",
    says: /24 hours/,
  },
  {
    question: "do you guys take messages on whatsapp",
    page: ["/contact", "/"],
  },
  // Demo
  {
    question: "i want to phone the AI agent myself and hear how it sounds",
    page: "/demo",
  },
  {
    question: "could you put together a trial run built on our company's info",
    page: "/demo",
  },
  // Legal and privacy
  {
    question: "is facebook pixel or google analytics watching me on this site",
    page: ["/legal/cookies", "/legal/privacy"],
  },
  {
    question: "after i asked for pricing via the form, when is that deleted",
    page: "/legal/privacy",
    says: /24 months/,
  },
  {
    question: "does my personal data leave south africa at any point",
    page: ["/legal/privacy", "/legal/paia-manual"],
  },
  {
    question: "does the chat on the demo page save what i type",
    page: "/legal/privacy",
  },
  {
    question: "cooling off period if i change my mind after ordering online?",
    page: "/legal/terms",
    says: /seven days/,
  },
  {
    question: "legal fight with you, is that under SA law or elsewhere",
    page: "/legal/terms",
  },
  {
    question:
      "i'd like to access information you hold under the promotion of access to information act",
    page: "/legal/paia-manual",
  },
  {
    question: "if there's a data breach will you tell me",
    page: "/legal/privacy",
  },
  // Follow-ups
  {
    question: "what about the top package?",
    before: ["how many conversations does growth include"],
    page: "/pricing",
    says: /Unlimited/,
  },
  {
    question: "what was the timeline on that project?",
    before: ["tell me about the insurance brokerage case study"],
    page: "/case-studies/customer-service-transformation",
    says: /12 weeks/,
  },
  {
    question: "does it work on whatsapp too?",
    before: ["do you build chatbots"],
    page: ["/services/ai", "/services"],
  },
  {
    question: "ok and the monthly fee for it?",
    before: ["what's in the starter package"],
    page: "/pricing",
    says: /R4,500/,
  },
  // Out of scope: near the site's topics, and other people's topics
  { question: "can you fix the aircon in our office", page: null },
  { question: "who is the best divorce lawyer in joburg", page: null },
  { question: "my eskom prepaid meter is showing an error code", page: null },
  { question: "do you sell printer ink cartridges", page: null },
  { question: "help me get a new pty ltd registered with the companies office", page: null },
  { question: "forecast for umhlanga sunday, umbrella or not", page: null },
  { question: "my geyser burst in benoni, know anyone who fixes that", page: null },
  { question: "kan julle my help om my motor te verkoop", page: null },
  { question: "which bank has the lowest fees for a cheque account", page: null },
  { question: "what is the minimum wage for domestic workers", page: null },
  { question: "can i order bread and milk for delivery from you", page: null },
  { question: "where do i go to get a new licence card at the traffic department", page: null },
  { question: "did the bokke win against the all blacks", page: null },
  { question: "do you hire out sound systems for a wedding", page: null },
];
