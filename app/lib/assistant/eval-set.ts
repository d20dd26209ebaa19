/**
 * Questions a visitor might really ask, with the page a good answer links to; `null` marks a
 * question the site cannot answer, which should be handed to the team. Follow-ups carry the
 * question before them.
 */
export interface EvalCase {
  question: string;
  previous?: string;
  /** The page a good answer links to (two where both really answer it), or null. */
  page: string | string[] | null;
}

export const evalSet: EvalCase[] = [
  // Packages, prices and what they include
  { question: "How much does the Starter package cost?", page: "/pricing" },
  { question: "What do I get with the Growth plan?", page: "/pricing" },
  { question: "What's included in Enterprise?", page: "/pricing" },
  { question: "What are your prices?", page: "/pricing" },
  { question: "Is there a setup fee?", page: "/pricing" },
  { question: "Can I upgrade my package later?", page: "/pricing" },
  { question: "Is there a minimum contract?", page: "/pricing" },
  { question: "What counts as a conversation?", page: "/pricing" },
  { question: "Are your prices including VAT?", page: "/pricing" },
  { question: "Which package includes a voice agent?", page: "/pricing" },
  {
    question: "how much is it?",
    previous: "What does the Growth package include?",
    page: "/pricing",
  },
  { question: "and what does it include?", previous: "How much is Starter?", page: "/pricing" },
  // Services
  { question: "What services do you offer?", page: "/services" },
  { question: "Can you build a chatbot for our WhatsApp?", page: "/services/ai" },
  { question: "Does the chatbot speak isiZulu?", page: "/services/ai" },
  { question: "Can your AI connect to our CRM?", page: "/services/ai" },
  { question: "Where is our data stored?", page: "/services/ai" },
  { question: "Can you automate invoice processing?", page: "/services/automations" },
  { question: "Do you do workflow automation with approvals?", page: "/services/automations" },
  {
    question: "Can an AI answer our phone calls and book appointments?",
    page: "/services/voice-agents",
  },
  { question: "Do you build websites?", page: "/services/websites" },
  { question: "Are your websites accessible and good for SEO?", page: "/services/websites" },
  // How a project runs
  { question: "How does a project work?", page: "/services" },
  { question: "What are the steps to get started?", page: "/services" },
  // Industries
  {
    question: "Do you work with medical practices?",
    page: ["/solutions", "/case-studies/healthcare-appointment-system"],
  },
  { question: "Can you help a school with admissions?", page: "/solutions" },
  { question: "What can you do for estate agents?", page: "/solutions" },
  { question: "Do you help with FICA for financial services?", page: "/solutions" },
  { question: "Which industries do you work with?", page: "/solutions" },
  // Case studies and results
  { question: "Do you have case studies?", page: "/case-studies" },
  {
    question: "What results did the hardware retailer get?",
    page: "/case-studies/retail-automation",
  },
  {
    question: "Tell me about the healthcare appointment project",
    page: "/case-studies/healthcare-appointment-system",
  },
  {
    question: "How did you reduce no-shows for the clinic?",
    page: "/case-studies/healthcare-appointment-system",
  },
  { question: "Show me the e-commerce case study", page: "/case-studies/ecommerce-overhaul" },
  {
    question: "What did the customer service transformation achieve?",
    page: "/case-studies/customer-service-transformation",
  },
  // Contact and hours
  { question: "What is your phone number?", page: "/contact" },
  { question: "What's your email address?", page: "/contact" },
  { question: "Where is your office?", page: "/contact" },
  { question: "What are your office hours?", page: "/contact" },
  { question: "Are you open on Saturday?", page: "/contact" },
  { question: "How can I book a free consultation?", page: "/contact" },
  // Privacy and POPIA
  { question: "Are you POPIA compliant?", page: "/legal/privacy" },
  { question: "How long do you keep my personal information?", page: "/legal/privacy" },
  { question: "Who is your information officer?", page: "/legal/privacy" },
  { question: "Can I ask you to delete my data?", page: "/legal/privacy" },
  { question: "Do you use tracking cookies?", page: "/legal/cookies" },
  // About and demo
  { question: "Who are you?", page: "/about" },
  { question: "How many projects have you delivered?", page: "/about" },
  { question: "Can I try the voice agent demo?", page: "/demo" },
  // Not on the site: should go to the team
  { question: "Do you develop mobile games?", page: null },
  { question: "Can you fix my printer?", page: null },
  { question: "What's the weather in Durban tomorrow?", page: null },
  { question: "Do you sell second-hand laptops?", page: null },
  { question: "Can I pay with Bitcoin?", page: null },
  { question: "Are you hiring junior developers?", page: null },
  { question: "asdfghjkl", page: null },
];
