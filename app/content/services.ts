import type { LucideIcon } from "lucide-react";
import { Bot, Globe, Mic, Workflow } from "lucide-react";

export type ServiceSlug = "ai" | "automations" | "voice-agents" | "websites";

export interface Service {
  slug: ServiceSlug;
  icon: LucideIcon;
  title: string;
  /** One sentence for cards. */
  description: string;
  features: string[];
  link: `/services/${ServiceSlug}`;
}

export const services: Service[] = [
  {
    slug: "ai",
    icon: Bot,
    title: "AI Services",
    description:
      "Custom AI chatbots and assistants that answer customers, qualify leads and support your team around the clock.",
    features: [
      "AI chatbots for your website, WhatsApp and social channels",
      "Trained on your own products, policies and FAQs",
      "Lead qualification and hand-off to a human",
      "English, Afrikaans, isiZulu and isiXhosa support",
    ],
    link: "/services/ai",
  },
  {
    slug: "automations",
    icon: Workflow,
    title: "Automations",
    description:
      "Workflow automation that removes copy-and-paste work between your systems, so your people can focus on customers.",
    features: [
      "Invoice, order and document processing",
      "CRM, accounting and e-mail integrations",
      "Approval flows with audit trails",
      "Dashboards that show time and money saved",
    ],
    link: "/services/automations",
  },
  {
    slug: "voice-agents",
    icon: Mic,
    title: "Voice Agents",
    description:
      "AI voice agents that answer calls, book appointments and route enquiries in a natural, friendly voice.",
    features: [
      "Inbound call answering, 24/7",
      "Appointment booking and reminders",
      "Call routing and message taking",
      "Call summaries sent to your team",
    ],
    link: "/services/voice-agents",
  },
  {
    slug: "websites",
    icon: Globe,
    title: "Website Development",
    description:
      "Fast, accessible websites that rank well and turn visitors into enquiries, with AI built in where it helps.",
    features: [
      "Fast, mobile-first design",
      "Search-engine optimisation from day one",
      "Accessible to every visitor (WCAG 2.2 AA)",
      "Built-in chat, booking and lead capture",
    ],
    link: "/services/websites",
  },
];

export function getService(slug: string | undefined): Service | undefined {
  return services.find((s) => s.slug === slug);
}
