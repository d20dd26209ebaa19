import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/lib/dates";
import { formatRand } from "~/lib/money";
import { stats, values } from "./about";
import { caseStudies, getCaseStudy } from "./case-studies";
import { osmEmbedUrl } from "./contact-page";
import { demoChat } from "./demo";
import { homePage, proofItems } from "./home";
import { industries } from "./industries";
import {
  getLegalDoc,
  informationOfficer,
  legalDocs,
  legalSlugs,
  privacyNotice,
  TO_BE_CONFIRMED,
} from "./legal";
import { isPackageName, packageNames, packages } from "./packages";
import { publicPaths } from "./public-paths";

describe("industries", () => {
  it("lists the six industries of the spec, in order", () => {
    expect(industries.map((i) => i.title)).toEqual([
      "Retail & E-commerce",
      "Financial Services",
      "Healthcare",
      "Education",
      "Professional Services",
      "Real Estate",
    ]);
  });

  it("gives each industry an icon, a description and exactly three distinct use cases", () => {
    for (const industry of industries) {
      expect(industry.icon).toBeTruthy();
      expect(industry.description.length).toBeGreaterThan(40);
      expect(industry.useCases).toHaveLength(3);
      expect(new Set(industry.useCases).size).toBe(3);
    }
  });

  it("has unique slugs", () => {
    expect(new Set(industries.map((i) => i.slug)).size).toBe(industries.length);
  });
});

describe("packages", () => {
  it("offers Starter, Growth and Enterprise, with Growth the only 'Most Popular'", () => {
    expect(packages.map((p) => p.name)).toEqual(["Starter", "Growth", "Enterprise"]);
    expect([...packageNames]).toEqual(["Starter", "Growth", "Enterprise"]);
    expect(packages.filter((p) => p.popular).map((p) => p.name)).toEqual(["Growth"]);
  });

  it("lists each plan's features exactly as the spec words them", () => {
    const features = Object.fromEntries(packages.map((p) => [p.name, p.features]));
    expect(features.Starter).toEqual([
      "Basic AI chatbot",
      "Up to 1,000 conversations per month",
      "Email support",
      "1 workflow automation",
      "Basic analytics",
    ]);
    expect(features.Growth).toEqual([
      "Advanced chatbot",
      "Up to 10,000 conversations per month",
      "Priority support",
      "5 workflow automations",
      "Advanced analytics",
      "Voice agent integration",
      "Custom integrations",
    ]);
    expect(features.Enterprise).toEqual([
      "Custom AI solutions",
      "Unlimited conversations",
      "24/7 dedicated support",
      "Unlimited automations",
      "Enterprise analytics",
      "Multiple voice agents",
      "Dedicated account manager",
      "Custom development",
      "On-premise deployment option",
    ]);
  });

  it("recognises only the three package names", () => {
    expect(isPackageName("Growth")).toBe(true);
    expect(isPackageName("growth")).toBe(false);
    expect(isPackageName("")).toBe(false);
    expect(isPackageName(null)).toBe(false);
  });

  it("prices the packages in cents, shown in the house format (decision 071)", () => {
    const prices = packages.flatMap((p) =>
      p.price.kind === "from" ? [formatRand(p.price.monthlyCents)] : [],
    );
    expect(prices).toEqual(["R4,500.00", "R12,500.00"]);
  });
});

describe("case studies", () => {
  it("has the four case studies of the spec with unique slugs", () => {
    expect(caseStudies.map((c) => c.title)).toEqual([
      "Retail Automation",
      "Customer Service Transformation",
      "Healthcare Appointment System",
      "E-commerce Overhaul",
    ]);
    const slugs = caseStudies.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(4);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("gives each one every field the page shows", () => {
    for (const c of caseStudies) {
      expect(c.client).not.toBe("");
      expect(c.industry).not.toBe("");
      expect(c.challenge.length).toBeGreaterThan(40);
      expect(c.solution.length).toBeGreaterThan(40);
      expect(c.results.length).toBeGreaterThanOrEqual(3);
      expect(c.results.length).toBeLessThanOrEqual(4);
      expect(c.image.src).toBe(`/images/case-studies/${c.slug}.svg`);
      expect(c.image.width).toBeGreaterThan(0);
      expect(c.image.height).toBeGreaterThan(0);
      expect(c.image.alt).not.toBe("");
      expect(c.story.approach.length).toBeGreaterThanOrEqual(3);
      expect(c.story.quote.text).not.toBe("");
    }
  });

  it("finds a case study by slug and nothing for an unknown slug", () => {
    expect(getCaseStudy("retail-automation")?.title).toBe("Retail Automation");
    expect(getCaseStudy("nope")).toBeUndefined();
    expect(getCaseStudy(undefined)).toBeUndefined();
  });

  it("prerenders every case study page", () => {
    for (const c of caseStudies) expect(publicPaths).toContain(`/case-studies/${c.slug}`);
  });
});

describe("about", () => {
  it("shows the spec's stats and values", () => {
    expect(stats.map((s) => [s.value, s.label])).toEqual([
      ["500+", "Projects Delivered"],
      ["98%", "Client Satisfaction"],
      ["24/7", "Support"],
    ]);
    expect(values.map((v) => v.title)).toEqual([
      "Innovation First",
      "Client Success",
      "Excellence",
      "Growth Mindset",
    ]);
  });
});

describe("legal", () => {
  it("has privacy, terms, cookies and PAIA documents, each with sections and a valid date", () => {
    expect([...legalSlugs]).toEqual(["privacy", "terms", "cookies", "paia-manual"]);
    for (const slug of legalSlugs) {
      const doc = legalDocs[slug];
      expect(doc.slug).toBe(slug);
      expect(doc.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.sections.length).toBeGreaterThan(2);
      expect(new Set(doc.sections.map((s) => s.id)).size).toBe(doc.sections.length);
    }
  });

  it("names the Information Officer in the privacy policy", () => {
    const text = JSON.stringify(legalDocs.privacy);
    expect(text).toContain(informationOfficer.name);
    expect(text).toContain("POPIA");
  });

  it("names the Information Regulator's real contacts and marks what the business must supply", () => {
    for (const doc of [legalDocs.privacy, legalDocs["paia-manual"]]) {
      const text = JSON.stringify(doc);
      expect(text).toContain("Information Regulator (South Africa)");
      expect(text).toContain("https://inforegulator.org.za");
      expect(text).toContain("enquiries@inforegulator.org.za");
      expect(text).toContain(TO_BE_CONFIRMED);
    }
  });

  it("shows the privacy notice's version and date", () => {
    expect(legalDocs.privacy.version).toBe(privacyNotice.version);
    expect(legalDocs.privacy.lastUpdated).toBe(privacyNotice.date);
  });

  it("returns nothing for unknown documents", () => {
    expect(getLegalDoc("privacy")?.title).toBe("Privacy Policy");
    expect(getLegalDoc("toString")).toBeUndefined();
    expect(getLegalDoc(undefined)).toBeUndefined();
  });

  it("formats dates without the runtime's locale data", () => {
    expect(formatLongDate("2025-11-01")).toBe("1 November 2025");
    expect(formatLongDate("2026-02-28")).toBe("28 February 2026");
  });
});

describe("demo and contact", () => {
  it("says plainly that the chat is an automated assistant", () => {
    expect(demoChat.automatedNotice).toMatch(/^Automated assistant/);
    expect(demoChat.greeting).toMatch(/assistant/);
  });

  it("builds an OpenStreetMap embed URL around the office", () => {
    const url = new URL(osmEmbedUrl({ latitude: -33.9189, longitude: 18.4233 }));
    expect(url.origin).toBe("https://www.openstreetmap.org");
    expect(url.pathname).toBe("/export/embed.html");
    expect(url.searchParams.get("layer")).toBe("mapnik");
    expect(url.searchParams.get("marker")).toBe("-33.9189,18.4233");
    const [minLng, minLat, maxLng, maxLat] = (url.searchParams.get("bbox") ?? "")
      .split(",")
      .map(Number);
    expect(minLng).toBeLessThan(18.4233);
    expect(maxLng).toBeGreaterThan(18.4233);
    expect(minLat).toBeLessThan(-33.9189);
    expect(maxLat).toBeGreaterThan(-33.9189);
  });
});

describe("home page", () => {
  it("takes each headline result, client and link from a case study", () => {
    const items = proofItems();
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.length).toBeLessThanOrEqual(4);
    for (const item of items) {
      const study = caseStudies.find((c) => `/case-studies/${c.slug}` === item.href);
      expect(study, item.href).toBeDefined();
      expect(study?.client).toBe(item.client);
      expect(study?.results).toContainEqual({ value: item.value, label: item.label });
    }
    expect(new Set(items.map((i) => i.href)).size).toBe(items.length);
  });

  it("states a time for every step of a project", () => {
    expect(homePage.process.map((s) => s.title)).toEqual([
      "Free consultation",
      "Clear proposal",
      "Build and launch",
      "Support and improve",
    ]);
    for (const step of homePage.process) expect(step.time).toMatch(/\S/);
  });

  it("quotes the Starter package's price from the packages", () => {
    const pricing = homePage.ways.find((w) => w.href === "/pricing");
    const starter = packages.find((p) => p.name === "Starter");
    expect(starter?.price.kind).toBe("from");
    if (starter?.price.kind === "from")
      expect(pricing?.text).toContain(formatRand(starter.price.monthlyCents));
  });
});
