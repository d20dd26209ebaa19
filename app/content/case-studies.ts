// Imported by react-router.config.ts (through public-paths.ts) to list prerendered pages:
// keep this module free of runtime imports.
import type { ServiceSlug } from "./services";

export interface CaseStudyResult {
  /** The figure, e.g. "68%". */
  value: string;
  /** What it measures, read after the figure. */
  label: string;
}

export interface CaseStudy {
  slug: string;
  title: string;
  /** One line under the title. */
  summary: string;
  /** Fictional client. */
  client: string;
  clientDescription: string;
  industry: string;
  location: string;
  duration: string;
  services: ServiceSlug[];
  challenge: string;
  solution: string;
  results: CaseStudyResult[];
  image: { src: string; width: number; height: number; alt: string };
  /** The full story on the case study's own page. */
  story: {
    background: string[];
    approach: { title: string; text: string }[];
    outcome: string;
    quote: { text: string; name: string; role: string };
  };
}

export const caseStudiesPage = {
  title: "Case Studies",
  intro:
    "Real problems, practical solutions and measurable results. Here is how South African businesses use AI and automation to serve customers better and work smarter.",
  ctaTitle: "Ready to Write Your Success Story?",
  ctaText:
    "Every project on this page started with a 30-minute conversation. Tell us what is slowing your business down and we'll show you what is possible.",
};

export const caseStudies: CaseStudy[] = [
  {
    slug: "retail-automation",
    title: "Retail Automation",
    summary: "How a 12-store hardware chain stopped running out of its best sellers.",
    client: "Mzansi Home & Hardware",
    clientDescription:
      "A family-owned hardware and home-improvement chain with 12 stores in Gauteng.",
    industry: "Retail",
    location: "Gauteng",
    duration: "10 weeks",
    services: ["automations", "ai"],
    challenge:
      "Store managers counted stock by hand and e-mailed reorder spreadsheets to head office every Friday. Popular lines sold out mid-week, while slow movers piled up in the storerooms.",
    solution:
      "We connected the point-of-sale system to supplier ordering with automated reorder rules per store, added a daily stock dashboard and gave managers a chatbot that answers 'how many do we have?' in seconds.",
    results: [
      { value: "68%", label: "less time spent on stock administration" },
      { value: "41%", label: "fewer stock-outs in the first quarter" },
      { value: "R1.2m", label: "of cash freed from excess stock" },
      { value: "5 months", label: "to pay back the full project cost" },
    ],
    image: {
      src: "/images/case-studies/retail-automation.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a shop front with stock boxes moving automatically along a conveyor to a dashboard.",
    },
    story: {
      background: [
        "Mzansi Home & Hardware grew from one store in Benoni to twelve across Gauteng in fifteen years. Its systems did not grow with it: every branch kept its own stock spreadsheet, and head office placed supplier orders once a week from whatever arrived in the inbox.",
        "The result was familiar to any retailer. Cement, paint and plumbing fittings ran out mid-week, customers went elsewhere, and at the same time more than R3 million of slow-moving stock sat on shelves and in storerooms.",
      ],
      approach: [
        {
          title: "Measure first",
          text: "We spent a week in three stores timing the stock process and analysed two years of sales to find which lines ran out, where and when.",
        },
        {
          title: "Connect the systems",
          text: "We linked the chain's point-of-sale system to its five largest suppliers' ordering portals, so sales data flows to reorders without retyping.",
        },
        {
          title: "Automate reorders with guardrails",
          text: "Each store got reorder levels based on its own sales pattern. Orders above a set value wait for a manager's one-click approval.",
        },
        {
          title: "Put answers in managers' hands",
          text: "A chatbot on the staff WhatsApp group answers stock questions across all branches, and a daily dashboard flags anything unusual.",
        },
      ],
      outcome:
        "Within three months, stock-outs fell by 41% and store managers won back most of their Friday afternoons. Slow movers are now transferred between branches before they are reordered, which freed R1.2 million of cash in the first year.",
      quote: {
        text: "Our managers used to spend Friday afternoons counting boxes. Now they spend it on the shop floor with customers, and we hardly ever run out of the things people come in for.",
        name: "Sipho Dlamini",
        role: "Operations Director, Mzansi Home & Hardware",
      },
    },
  },
  {
    slug: "customer-service-transformation",
    title: "Customer Service Transformation",
    summary: "An insurance brokerage answers clients in seconds instead of minutes, day and night.",
    client: "Amandla Cover Brokers",
    clientDescription:
      "A short-term insurance brokerage serving 40,000 households and small businesses nationally.",
    industry: "Financial Services",
    location: "Johannesburg",
    duration: "12 weeks",
    services: ["ai", "voice-agents"],
    challenge:
      "The call centre was overwhelmed: clients waited an average of 14 minutes on hold, e-mails took two days to answer, and nobody was available after 17:00 when most claims happen.",
    solution:
      "We launched an AI assistant on the website and WhatsApp, trained on the brokerage's policies and claims process, plus a voice agent that takes overflow and after-hours calls and logs every claim in the CRM.",
    results: [
      { value: "72%", label: "of enquiries resolved without waiting for an agent" },
      { value: "Under 1 min", label: "average wait, down from 14 minutes" },
      { value: "93%", label: "client satisfaction, up from 71%" },
      { value: "24/7", label: "support in English, Afrikaans and isiZulu" },
    ],
    image: {
      src: "/images/case-studies/customer-service-transformation.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a headset and chat bubbles connecting clients to a support team around a clock.",
    },
    story: {
      background: [
        "Amandla Cover Brokers prides itself on personal service, but growth had stretched its 25-person contact centre thin. Most calls were simple: policy documents, payment dates and claim progress. They still took an agent's full attention.",
        "After hours, clients reached a voicemail box. Claims reported at night were only logged the next morning, and the brokerage's client satisfaction score had slipped to 71%.",
      ],
      approach: [
        {
          title: "Listen to the calls",
          text: "We analysed 5,000 anonymised call summaries and e-mails to find the 40 questions that made up most of the volume.",
        },
        {
          title: "Train a grounded assistant",
          text: "The AI assistant answers only from approved policy wording and the client's own record, and hands over to a person for advice or complaints.",
        },
        {
          title: "Add a voice agent for overflow",
          text: "When all agents are busy, or after hours, a voice agent takes the call, captures claim details and books a call-back.",
        },
        {
          title: "Close the loop in the CRM",
          text: "Every conversation is summarised and logged against the client, so agents start each call with the full picture.",
        },
      ],
      outcome:
        "Seven in ten enquiries are now resolved without waiting for an agent, and the team spends its time on advice, claims and complex cases. Night-time claims are logged immediately, and satisfaction climbed to 93% within six months.",
      quote: {
        text: "Our clients now get an answer at 10 p.m. on a Saturday, and our team finally has time for the conversations that really need a person.",
        name: "Lerato Nkosi",
        role: "Head of Client Experience, Amandla Cover Brokers",
      },
    },
  },
  {
    slug: "healthcare-appointment-system",
    title: "Healthcare Appointment System",
    summary: "A busy medical centre halves its no-shows and frees up its front desk.",
    client: "Protea Family Medical Centre",
    clientDescription:
      "A multi-practitioner medical centre with nine doctors and allied health staff.",
    industry: "Healthcare",
    location: "Durban",
    duration: "8 weeks",
    services: ["voice-agents", "automations"],
    challenge:
      "Patients struggled to get through on the phone, reception spent most of the day booking and rescheduling, and 18% of appointments were missed without notice.",
    solution:
      "We built a booking system across phone, WhatsApp and the website that works directly with the practice's diary, sends reminders with one-tap confirm or cancel, and offers freed slots to the waiting list.",
    results: [
      { value: "6%", label: "no-show rate, down from 18%" },
      { value: "3,400", label: "appointments booked automatically each month" },
      { value: "50%", label: "less time on the phone for reception" },
      { value: "24/7", label: "booking for patients, including weekends" },
    ],
    image: {
      src: "/images/case-studies/healthcare-appointment-system.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a calendar with confirmed appointments beside a phone showing a reminder message.",
    },
    story: {
      background: [
        "Protea Family Medical Centre sees more than 250 patients a day. Its three receptionists answered up to 400 calls daily, most of them to book, move or cancel appointments, while patients queued at the front desk.",
        "Almost one appointment in five was missed without notice, costing the practice consulting time it could have given to patients on the waiting list.",
      ],
      approach: [
        {
          title: "Map the patient journey",
          text: "We sat with reception for a week to map every booking type, from a quick script renewal to a 45-minute procedure.",
        },
        {
          title: "Connect to the diary",
          text: "The booking assistant works directly with the practice management system, so phone, WhatsApp and web bookings never clash.",
        },
        {
          title: "Remind and refill",
          text: "Patients get a reminder two days and two hours before their appointment, and a cancelled slot is offered to the waiting list within minutes.",
        },
        {
          title: "Protect patient information",
          text: "Health information is processed under POPIA's special-information rules, with minimal data in messages and all records kept in the practice's own system.",
        },
      ],
      outcome:
        "No-shows dropped from 18% to 6% within two months, and the voice agent now handles most routine booking calls. Reception has time to look after the patients standing in front of them.",
      quote: {
        text: "Patients love booking on WhatsApp at night, and our reception team is no longer chained to the phone. The drop in no-shows paid for the system in weeks.",
        name: "Dr Ayesha Pillay",
        role: "Managing Partner, Protea Family Medical Centre",
      },
    },
  },
  {
    slug: "ecommerce-overhaul",
    title: "E-commerce Overhaul",
    summary: "A natural skincare brand rebuilds its online store and nearly triples conversion.",
    client: "Fynbos & Co.",
    clientDescription:
      "A Cape Town maker of natural skincare products, sold online and through 60 stockists.",
    industry: "E-commerce",
    location: "Cape Town",
    duration: "14 weeks",
    services: ["websites", "ai", "automations"],
    challenge:
      "The online store took over six seconds to load on mobile, shoppers abandoned their carts, and every order was copied by hand into the courier's system, delaying dispatch by two days.",
    solution:
      "We rebuilt the store to load fast on mobile data, added an AI skincare assistant that recommends products, and automated fulfilment from order to courier waybill and tracking message.",
    results: [
      { value: "1.4 s", label: "mobile load time, down from 6.2 seconds" },
      { value: "2.9%", label: "conversion rate, up from 1.1%" },
      { value: "63%", label: "growth in online revenue year on year" },
      { value: "Same day", label: "dispatch, down from 48 hours" },
    ],
    image: {
      src: "/images/case-studies/ecommerce-overhaul.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a fast online store on a phone with a shopping cart and a rising sales chart.",
    },
    story: {
      background: [
        "Fynbos & Co. built a loyal following at markets and stockists, but its online store lagged behind. Most customers shopped on their phones, and the old site was slow, hard to navigate and unreliable at checkout.",
        "Behind the scenes, two staff members spent their mornings retyping orders into the courier system, so parcels usually left two days after payment.",
      ],
      approach: [
        {
          title: "Rebuild for mobile",
          text: "We designed a lean, mobile-first storefront with optimised images and a three-step checkout with local payment options.",
        },
        {
          title: "Add a skincare assistant",
          text: "An AI assistant asks about skin type and concerns and recommends a routine from the brand's own product guides.",
        },
        {
          title: "Automate fulfilment",
          text: "Paid orders now create courier waybills automatically and send customers a WhatsApp message with tracking details.",
        },
        {
          title: "Measure and improve",
          text: "Monthly reviews of analytics and assistant conversations guide small improvements to products, copy and checkout.",
        },
      ],
      outcome:
        "The new store loads in 1.4 seconds on mobile and converts almost three times better than the old one. Orders placed before 13:00 now leave the same day, and online revenue grew by 63% in the first year.",
      quote: {
        text: "We finally have an online store that feels like our brand. Customers find the right products, and our team packs parcels instead of typing addresses.",
        name: "Marike van der Merwe",
        role: "Founder, Fynbos & Co.",
      },
    },
  },
];

export function getCaseStudy(slug: string | undefined): CaseStudy | undefined {
  return caseStudies.find((c) => c.slug === slug);
}
