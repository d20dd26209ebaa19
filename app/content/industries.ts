import type { LucideIcon } from "lucide-react";
import { Briefcase, GraduationCap, HeartPulse, House, Landmark, ShoppingCart } from "lucide-react";

export interface Industry {
  slug: string;
  icon: LucideIcon;
  title: string;
  description: string;
  /** Exactly three use cases per industry. */
  useCases: [string, string, string];
}

export const industriesPage = {
  title: "Industry Solutions",
  intro:
    "AI and automation shaped around the way your sector works, its customers, its systems and its rules, from retail floors to medical practices.",
  otherTitle: "Don't See Your Industry?",
  otherText:
    "We have built chatbots, workflows and voice agents for logistics firms, NGOs, hospitality groups, manufacturers and more. If your team answers the same questions or retypes the same data every day, we can help.",
  otherCta: "Talk to Us About Your Business",
};

export const industries: Industry[] = [
  {
    slug: "retail-ecommerce",
    icon: ShoppingCart,
    title: "Retail & E-commerce",
    description:
      "Serve shoppers instantly on your website and WhatsApp, and keep stock, orders and returns moving without adding headcount.",
    useCases: [
      "Shopping assistants that recommend products and track orders",
      "Automatic stock reorders synced between your POS and suppliers",
      "Abandoned-cart and returns follow-ups on WhatsApp and e-mail",
    ],
  },
  {
    slug: "financial-services",
    icon: Landmark,
    title: "Financial Services",
    description:
      "Answer clients faster and cut paperwork while keeping every step auditable under FAIS, FICA and POPIA.",
    useCases: [
      "FICA document collection and verification",
      "Claims, policy and application status enquiries, day and night",
      "Automated compliance reports with a full audit trail",
    ],
  },
  {
    slug: "healthcare",
    icon: HeartPulse,
    title: "Healthcare",
    description:
      "Cut no-shows and front-desk admin so practitioners spend more of their day with patients, not on the phone.",
    useCases: [
      "Appointment booking with SMS and WhatsApp reminders",
      "Digital patient intake and medical-aid detail capture",
      "After-hours call answering that routes urgent cases",
    ],
  },
  {
    slug: "education",
    icon: GraduationCap,
    title: "Education",
    description:
      "Support learners, parents and staff around the clock, from the first admissions enquiry to graduation day.",
    useCases: [
      "Admissions and enrolment assistants for prospective students",
      "Fee statements and payment reminders sent automatically",
      "Course FAQ assistants that free up lecturers and support staff",
    ],
  },
  {
    slug: "professional-services",
    icon: Briefcase,
    title: "Professional Services",
    description:
      "Give attorneys, accountants and consultants their billable hours back by automating intake, documents and billing.",
    useCases: [
      "Client onboarding with engagement letters and FICA checks",
      "Document drafting and review workflows",
      "Time capture, invoicing and debtor follow-ups",
    ],
  },
  {
    slug: "real-estate",
    icon: House,
    title: "Real Estate",
    description:
      "Respond to every property enquiry in seconds and keep rentals and sales moving from first viewing to transfer.",
    useCases: [
      "Instant lead replies and viewing bookings from portal enquiries",
      "Tenant screening and lease administration",
      "Maintenance requests routed to the right contractor",
    ],
  },
];
