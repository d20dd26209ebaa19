/**
 * The home page's sections below the hero. Every figure, name and duration here comes from the
 * other content modules (case studies, industries, packages, the services page), so the home
 * page cannot claim what the rest of the site does not. Read by the home page's loader only:
 * none of it ships as JavaScript.
 */

import { formatRand } from "~/lib/money";
import { caseStudies } from "./case-studies";
import { contactPage } from "./contact-page";
import { demoPage } from "./demo";
import { packages } from "./packages";
import { servicesPage } from "./services-page";
import { site, whatsappLink } from "./site";

/** A case study's headline result, chosen by the label it has in case-studies.ts. */
const headlines: { study: string; label: string }[] = [
  {
    study: "customer-service-transformation",
    label: "of enquiries resolved without waiting for an agent",
  },
  { study: "healthcare-appointment-system", label: "no-show rate, down from 18%" },
  { study: "retail-automation", label: "fewer stock-outs in the first quarter" },
  { study: "ecommerce-overhaul", label: "conversion rate, up from 1.1%" },
];

export interface ProofItem {
  value: string;
  label: string;
  client: string;
  industry: string;
  location: string;
  title: string;
  href: `/case-studies/${string}`;
}

export function proofItems(): ProofItem[] {
  return headlines.map(({ study, label }) => {
    const c = caseStudies.find((s) => s.slug === study);
    const result = c?.results.find((r) => r.label === label);
    if (!c || !result) throw new Error(`No result "${label}" in case study "${study}"`);
    return {
      value: result.value,
      label: result.label,
      client: c.client,
      industry: c.industry,
      location: c.location,
      title: c.title,
      href: `/case-studies/${c.slug}`,
    };
  });
}

const starter = packages.find((p) => p.price.kind === "from");

export const homePage = {
  pictureLabel:
    "Illustration: the assistant booking an appointment for a customer in a chat, beside a project's progress in the client portal.",
  proofTitle: "Results Our Clients Measured",
  proofIntro:
    "South African businesses that put AI and automation to work. Every figure comes from a published case study.",
  industriesTitle: "Industries we serve",
  processTitle: "How a Project Runs",
  processIntro: "From the first call to going live, then better every month.",
  process: servicesPage.how,
  waysTitle: "Start Where It Suits You",
  waysIntro: "Four ways to take the next step, whichever is easiest for you.",
  ways: [
    {
      key: "demo",
      title: "Ask the assistant",
      text: demoPage.chatIntro,
      label: "Try Demo",
      href: "/demo",
    },
    {
      key: "pricing",
      title: "See packages and prices",
      text:
        starter?.price.kind === "from"
          ? `Three monthly packages, from ${formatRand(starter.price.monthlyCents)} a month excluding VAT.`
          : "Three monthly packages that grow with you.",
      label: "View Pricing",
      href: "/pricing",
    },
    {
      key: "call",
      title: "Book a call",
      text: contactPage.scheduleText,
      label: "Book a Call",
      href: "/contact#schedule-heading",
    },
    {
      key: "whatsapp",
      title: "Message us on WhatsApp",
      text: `Prefer to chat? Send us a message on WhatsApp. Office hours: ${site.hours}.`,
      label: "Chat on WhatsApp",
      href: whatsappLink(),
    },
  ],
  whyTitle: `Why ${site.name}`,
  reasons: [
    {
      title: "Measurable results",
      text: "Every project starts with a baseline and ends with the hours, rand and response times it saved.",
    },
    {
      title: "POPIA-ready",
      text: "Personal information is handled lawfully, securely and only for the purpose you collected it for.",
    },
    {
      title: "Live in weeks",
      text: "Focused first releases go live in two to six weeks, then improve month by month.",
    },
  ],
};
