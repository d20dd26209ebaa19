export const packageNames = ["Starter", "Growth", "Enterprise"] as const;
export type PackageName = (typeof packageNames)[number];

export type PackagePrice =
  /** A monthly starting price in cents of a rand, excluding VAT (decision 071). */
  | { kind: "from"; monthlyCents: number }
  /** Priced per project after a consultation. */
  | { kind: "quote" };

export interface Package {
  name: PackageName;
  tagline: string;
  price: PackagePrice;
  features: string[];
  popular?: boolean;
}

export const pricingPage = {
  title: "Packages & Pricing",
  intro:
    "Simple monthly packages that grow with you. Every package includes onboarding, POPIA-aligned data handling and a named contact at our Cape Town office.",
  priceNote:
    "Prices are in South African rand, exclude VAT and are billed monthly. A once-off setup fee is quoted per project.",
  quoteTitle: "Request a Custom Quote",
  quoteIntro:
    "Tell us about your project and we'll send a detailed quote within one business day. Not sure which package fits? Choose the closest one and tell us more in your message.",
};

export const packages: Package[] = [
  {
    name: "Starter",
    tagline: "For small businesses taking their first step into AI.",
    price: { kind: "from", monthlyCents: 450_000 },
    features: [
      "Basic AI chatbot",
      "Up to 1,000 conversations per month",
      "Email support",
      "1 workflow automation",
      "Basic analytics",
    ],
  },
  {
    name: "Growth",
    tagline: "For growing teams ready to automate across channels.",
    price: { kind: "from", monthlyCents: 1_250_000 },
    popular: true,
    features: [
      "Advanced chatbot",
      "Up to 10,000 conversations per month",
      "Priority support",
      "5 workflow automations",
      "Advanced analytics",
      "Voice agent integration",
      "Custom integrations",
    ],
  },
  {
    name: "Enterprise",
    tagline: "For organisations with complex, high-volume needs.",
    price: { kind: "quote" },
    features: [
      "Custom AI solutions",
      "Unlimited conversations",
      "24/7 dedicated support",
      "Unlimited automations",
      "Enterprise analytics",
      "Multiple voice agents",
      "Dedicated account manager",
      "Custom development",
      "On-premise deployment option",
    ],
  },
];

export function isPackageName(value: unknown): value is PackageName {
  return typeof value === "string" && (packageNames as readonly string[]).includes(value);
}

export const pricingFaqs: { question: string; answer: string }[] = [
  {
    question: "Is there a setup fee?",
    answer:
      "Yes, a once-off fee covers discovery, building and training your solution. We quote it upfront after a free consultation, so there are no surprises.",
  },
  {
    question: "Can I change packages later?",
    answer:
      "Yes. You can move up or down a package at the end of any month. Most clients start on Starter or Growth and upgrade as they automate more.",
  },
  {
    question: "What counts as a conversation?",
    answer:
      "One conversation is a chat session with one customer, however many messages it contains. If you go over your limit we let you know before anything changes on your bill.",
  },
  {
    question: "Is there a minimum contract period?",
    answer:
      "Starter and Growth run month to month after a three-month initial term. Enterprise agreements are tailored to your needs.",
  },
];
