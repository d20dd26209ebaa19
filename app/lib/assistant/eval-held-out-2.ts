/**
 * The second held-out set of the site assistant's evaluation (decision 038). The first
 * (eval-held-out.ts) scored 80.8 % top-1 with 17.9 % handed over when it was first run, after
 * the first round of tuning; its misses were then seen, so it no longer measures new wording.
 * This set was written from the site's content the same way, before any change made after
 * that run, and committed before them. Never tune on it.
 */
import type { EvalCase } from "./eval-case";

const twoToSixWeeks = /2 to 6 weeks|two to six weeks/i;

export const heldOutSecond: EvalCase[] = [
  // Packages, prices and what they include
  { question: "what r ur rates?", page: "/pricing", says: /R4,500/ },
  { question: "How much is the basic package?", page: "/pricing", says: /R4,500/ },
  { question: "Price of Growth excl VAT?", page: "/pricing", says: /R12,500/ },
  { question: "is Enterprise very expensive", page: "/pricing", says: /quot/i },
  { question: "Do I pay extra for the setup?", page: "/pricing", says: /once-off|setup/i },
  { question: "can we cancel after a month or two?", page: "/pricing", says: /three-month/ },
  { question: "What support do I get on Starter?", page: "/pricing", says: /[Ee]mail support/ },
  { question: "Which package is best for a big company?", page: "/pricing", says: /Enterprise/ },
  { question: "Is there a limit on conversations?", page: "/pricing" },
  { question: "do you bill in rands?", page: "/pricing", says: /rand/ },
  { question: "Does Growth include analytics?", page: "/pricing", says: /[Aa]nalytics/ },
  { question: "Can I move to a bigger package later on?", page: "/pricing" },
  { question: "How much is an automation?", page: "/pricing", says: /R4,500/ },
  { question: "Do you give a quote for custom work?", page: "/pricing" },
  { question: "how much for 10 000 chats a month", page: "/pricing", says: /R12,500/ },
  // AI chatbots and assistants
  { question: "Can you build us a WhatsApp chatbot?", page: "/services/ai" },
  { question: "Does the bot learn from our FAQs and price lists?", page: "/services/ai" },
  {
    question: "can the chatbot collect customer details for my sales people",
    page: "/services/ai",
  },
  { question: "Do your bots support isiZulu and Afrikaans?", page: "/services/ai" },
  { question: "Can the AI connect to our CRM?", page: "/services/ai" },
  // Automations
  { question: "can you automate our invoicing and approvals", page: "/services/automations" },
  { question: "Do you work with Salesforce?", page: "/services/automations", says: /Salesforce/ },
  { question: "we spend hours on spreadsheets every week", page: "/services/automations" },
  { question: "What if an automated step goes wrong?", page: "/services/automations" },
  { question: "Is there a dashboard for the automations?", page: "/services/automations" },
  // Voice agents
  { question: "Do you have an AI that answers phone calls?", page: "/services/voice-agents" },
  {
    question: "can the voice agent take messages when we're closed",
    page: "/services/voice-agents",
  },
  {
    question: "will your voice agent book clients into my calendar",
    page: "/services/voice-agents",
  },
  { question: "Can a caller ask to speak to a human?", page: "/services/voice-agents" },
  {
    question: "how long to get a voice bot live?",
    page: ["/services", "/services/voice-agents"],
    says: twoToSixWeeks,
  },
  { question: "Do you use local SA numbers for the voice agent?", page: "/services/voice-agents" },
  // Websites
  { question: "can you make our website faster?", page: "/services/websites" },
  { question: "Will we own our website and domain?", page: "/services/websites", says: /You do/ },
  { question: "do you optimise sites for search engines", page: "/services/websites" },
  { question: "Can you build a new website for my business?", page: "/services/websites" },
  // How a project runs
  { question: "what are the steps to start a project", page: "/services" },
  { question: "how soon can we launch", page: "/services", says: twoToSixWeeks },
  { question: "Do you offer support after launch?", page: "/services" },
  // Industries
  { question: "do you work with estate agents", page: "/solutions" },
  { question: "we're an accounting firm, how can you help", page: "/solutions" },
  { question: "Can you help a private school with enrolments?", page: "/solutions" },
  {
    question: "Do you help medical practices with bookings?",
    page: ["/solutions", "/case-studies/healthcare-appointment-system"],
  },
  { question: "We're a small online shop", page: ["/solutions", "/services/websites"] },
  { question: "Can you help a hotel?", page: "/solutions" },
  { question: "FICA for a financial advisor?", page: "/solutions" },
  // Case studies and results
  { question: "Show me your case studies", page: "/case-studies" },
  {
    question: "What did the medical centre in Durban achieve?",
    page: "/case-studies/healthcare-appointment-system",
  },
  {
    question: "tell me about the hardware chain",
    page: "/case-studies/retail-automation",
  },
  {
    question: "how much did the skincare shop grow online",
    page: "/case-studies/ecommerce-overhaul",
    says: /63%/,
  },
  {
    question: "What happened with the insurance company's call centre?",
    page: "/case-studies/customer-service-transformation",
  },
  {
    question: "how long did the e-commerce project take",
    page: "/case-studies/ecommerce-overhaul",
    says: /14 weeks/,
  },
  // Contact, hours, where
  { question: "can i call you?", page: "/contact", says: /555 0142/ },
  { question: "what's ur email", page: "/contact", says: /hello@kopano\.ai/ },
  { question: "Where can I find your office?", page: "/contact", says: /Strand Street/ },
  { question: "When are you open?", page: "/contact", says: /08:00/ },
  { question: "Do you have an office in London?", page: "/contact", says: /Cape Town/ },
  { question: "How do I book a free consultation?", page: "/contact" },
  { question: "do you have a whatsapp line", page: "/contact", says: /555 0142/ },
  // Privacy, POPIA, legal
  { question: "Are you POPIA compliant?", page: "/legal/privacy" },
  { question: "Do you share my details with other companies?", page: "/legal/privacy" },
  { question: "How long do you keep server logs?", page: "/legal/privacy", says: /30 days/ },
  { question: "What cookies do you use?", page: "/legal/cookies" },
  { question: "where are your terms and conditions", page: "/legal/terms" },
  { question: "How do I complain to the Information Regulator?", page: "/legal/privacy" },
  // About and the demo
  { question: "Who is Kopano AI?", page: "/about" },
  { question: "What is your company's mission?", page: "/about" },
  { question: "Is there a demo I can try?", page: "/demo" },
  // Follow-ups: understood from the conversation
  { question: "and Starter?", before: ["How much is Growth?"], page: "/pricing", says: /R4,500/ },
  {
    question: "what does it include?",
    before: ["Tell me about the Enterprise package"],
    page: "/pricing",
    says: /[Oo]n-premise/,
  },
  {
    question: "and how long does it take?",
    before: ["Can you automate our invoices?"],
    page: ["/services", "/services/automations"],
    says: twoToSixWeeks,
  },
  {
    question: "what about your address?",
    before: ["What's your email?"],
    page: "/contact",
    says: /Strand Street/,
  },
  {
    question: "and the results?",
    before: ["Tell me about the e-commerce case study"],
    page: "/case-studies/ecommerce-overhaul",
    says: /2\.9%/,
  },
  {
    question: "how much is that?",
    before: ["Do you do chatbots?"],
    page: "/pricing",
    says: /R4,500/,
  },
  {
    question: "does it do Afrikaans?",
    before: ["Tell me about your voice agents"],
    page: ["/demo", "/services/voice-agents"],
    says: /Afrikaans/,
  },
  {
    question: "and for real estate?",
    before: ["What can you do for retailers?"],
    page: "/solutions",
    says: /[Pp]roperty|[Tt]enant|[Vv]iewing/,
  },
  // Not on the site: must be handed to the team
  { question: "Can I pay with SnapScan?", page: null },
  { question: "Do you do website hosting for R99 a month?", page: null },
  { question: "Can you fix my Wi-Fi router?", page: null },
  { question: "How do I apply for a job at Kopano?", page: null },
  { question: "What's the load shedding stage today?", page: null },
  { question: "Do you sell second-hand bakkies?", page: null },
  { question: "Can you design a logo for my braai business?", page: null },
  { question: "What is the capital of Australia?", page: null },
  { question: "can you lend me money", page: null },
  { question: "Do you offer discounts for students?", page: null },
  { question: "Can you build a crypto trading bot?", page: null },
  { question: "Are you open on public holidays?", page: null },
  { question: "I need a human, not a bot", page: null },
  { question: "What's the rugby score?", page: null },
  { question: "Do you do tax returns for individuals?", page: null },
  { question: "zxcvbnm", page: null },
];
