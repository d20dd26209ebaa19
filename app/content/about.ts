import type { LucideIcon } from "lucide-react";
import { Award, Handshake, Lightbulb, Sprout } from "lucide-react";

export interface Stat {
  value: string;
  label: string;
}

export interface Value {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const aboutPage = {
  title: "About Us",
  intro:
    "We are a South African team of engineers, designers and automation specialists who help businesses put AI to work in practical, measurable ways.",
  missionTitle: "Our Mission",
  mission:
    "To make AI and automation practical, affordable and safe for every South African business, so that teams spend less time on repetitive work and more time on the customers and ideas that grow the company.",
  story: [
    "We started in Cape Town after seeing the same pattern in business after business: talented people spending hours retyping data, answering the same questions and chasing paperwork. The technology to fix this existed, but it was built for overseas enterprises with overseas budgets.",
    "So we set out to build it for here: solutions that work on South African networks, speak our customers' languages, integrate with the systems local businesses actually use, and respect POPIA from the first line of code.",
    "Today we support retailers, medical practices, schools, brokerages, property groups and professional firms across the country, from two-person start-ups to national brands.",
  ],
  statsTitle: "Our Impact in Numbers",
  valuesTitle: "Our Values",
  valuesIntro: "The principles behind every project we take on.",
  ctaTitle: "Let's Build Something Great Together",
  ctaText:
    "See how we have helped businesses like yours, or book a free 30-minute consultation with our team.",
};

export const stats: Stat[] = [
  { value: "500+", label: "Projects Delivered" },
  { value: "98%", label: "Client Satisfaction" },
  { value: "24/7", label: "Support" },
];

export const values: Value[] = [
  {
    icon: Lightbulb,
    title: "Innovation First",
    text: "We follow the fast-moving world of AI closely and bring you what is proven and useful, not what is merely new.",
  },
  {
    icon: Handshake,
    title: "Client Success",
    text: "We measure our work by your results: hours saved, customers served and revenue earned, not by features shipped.",
  },
  {
    icon: Award,
    title: "Excellence",
    text: "We test thoroughly, document clearly and build solutions that are secure, accessible and dependable every day.",
  },
  {
    icon: Sprout,
    title: "Growth Mindset",
    text: "We keep learning, share what we know with your team and improve every solution long after launch.",
  },
];
