/**
 * The fifth held-out set of the site assistant's evaluation (decisions 038 and 094). Held-out
 * set 4 scored 86.5 % top-1, 5.4 % handed over and 80 % of out-of-scope questions handed over
 * at its first run. This set was written from the site's content (the pages' topics, not the
 * assistant's index or its misses), before any change made in decision 094, and committed
 * before them (five questions that were already in earlier sets were replaced by new ones before
 * any change). Never tune on it; never edit a question or its expected answer to fit.
 */
import type { EvalCase } from "./eval-case";

export const heldOutFifth: EvalCase[] = [
  // Packages and prices
  { question: "whats the cheapest package you have", page: "/pricing", says: /R4,500/ },
  { question: "How much does Growth cost per month in rand?", page: "/pricing", says: /R12,500/ },
  { question: "what do I pay for enterprise", page: "/pricing", says: /quote/i },
  { question: "How many chats do I get on Starter?", page: "/pricing", says: /1,000/ },
  { question: "Can I upgrade my package later on?", page: "/pricing" },
  {
    question: "Is there a contract or can I cancel any time?",
    page: "/pricing",
    says: /three-month|3-month|month to month/i,
  },
  { question: "do your prices include vat", page: "/pricing", says: /VAT/ },
  { question: "What happens if we go over our conversation limit?", page: "/pricing" },
  {
    question: "Which package has a dedicated account manager?",
    page: "/pricing",
    says: /Enterprise/,
  },
  // Services
  { question: "Can your bot reply to customers on WhatsApp?", page: "/services/ai" },
  { question: "can the chatbot speak Xhosa", page: "/services/ai" },
  { question: "Will the AI be trained on our own price list?", page: "/services/ai" },
  { question: "Do you link up with Xero?", page: "/services/automations", says: /Xero/ },
  {
    question: "we waste hours retyping invoices, can you automate that",
    page: "/services/automations",
  },
  { question: "what if an automation breaks?", page: "/services/automations" },
  {
    question: "Can the voice agent take messages when we're busy?",
    page: "/services/voice-agents",
  },
  { question: "do you support 0861 numbers", page: "/services/voice-agents" },
  {
    question: "Can a caller still ask for a real person on the voice line?",
    page: "/services/voice-agents",
  },
  { question: "Who owns the website once you've built it?", page: "/services/websites" },
  { question: "is the website accessible for blind people?", page: "/services/websites" },
  // Process and durations
  { question: "How long does the first call take?", page: ["/services", "/contact"], says: /30/ },
  {
    question: "how quickly will I get a quote",
    page: ["/pricing", "/services"],
    says: /one business day/,
  },
  { question: "what's your process for a new project?", page: "/services" },
  // Industries
  { question: "Do you work with estate agents?", page: "/solutions" },
  {
    question: "we run a hardware store, can you help with stock?",
    page: ["/solutions", "/case-studies/retail-automation"],
  },
  { question: "I'm an accountant with a small practice", page: "/solutions" },
  { question: "Can you help an NGO?", page: "/solutions" },
  // Case studies
  {
    question: "Tell me about the work you did for a medical practice in Durban",
    page: "/case-studies/healthcare-appointment-system",
  },
  {
    question: "how long did the Fynbos project take?",
    page: "/case-studies/ecommerce-overhaul",
    says: /14 weeks/,
  },
  {
    question: "Who is Amandla Cover Brokers?",
    page: "/case-studies/customer-service-transformation",
  },
  // Contact and about
  { question: "Whats ur number?", page: "/contact", says: /555 0142/ },
  { question: "Are you open on Saturdays?", page: "/contact", says: /Mon/ },
  { question: "where do I park when I visit you?", page: "/contact" },
  { question: "How fast do you reply to emails?", page: "/contact", says: /24 hours/ },
  { question: "What is Kopano's mission?", page: "/about" },
  // Privacy and legal
  { question: "can I ask you to delete my personal info?", page: "/legal/privacy" },
  {
    question: "how long will you hang on to my contact form details?",
    page: "/legal/privacy",
    says: /24 months/,
  },
  { question: "where can I find your PAIA manual", page: "/legal/paia-manual" },
  { question: "What law governs your terms?", page: "/legal/terms" },
  // Follow-ups
  {
    question: "and Growth?",
    before: ["How many conversations are in Starter?"],
    page: "/pricing",
    says: /10,000/,
  },
  {
    question: "what does it cost?",
    before: ["Do you do workflow automations?"],
    page: "/pricing",
    says: /R4,500|R12,500/,
  },
  {
    question: "how long did that take?",
    before: ["Tell me about the insurance brokers case study"],
    page: "/case-studies/customer-service-transformation",
    says: /12 weeks/,
  },
  {
    question: "and where are you based?",
    before: ["What are your office hours?"],
    page: "/contact",
    says: /Cape Town|Strand Street/,
  },
  {
    question: "and the Enterprise one?",
    before: ["What support does Growth get?"],
    page: "/pricing",
    says: /24\/7/,
  },
  // Not on the site: must be handed to the team
  { question: "Is it going to rain in Gqeberha this weekend?", page: null },
  { question: "Can you help me with my maths homework?", page: null },
  { question: "I have a bad headache, what should I take?", page: null },
  { question: "Where can I buy a second-hand Toyota Hilux?", page: null },
  { question: "Who won the rugby on Saturday?", page: null },
  { question: "Can you do my tax return?", page: null },
  { question: "Do you do plumbing repairs?", page: null },
  { question: "What's the exchange rate of the rand to the dollar?", page: null },
  { question: "Do you give out small business loans?", page: null },
  { question: "Write me a poem about the sea", page: null },
  { question: "Do you offer catering for weddings?", page: null },
];
