/**
 * The site assistant's knowledge: passages cut from app/content/, each with the page it comes
 * from, what it is about, and the reply that quotes or summarises it (decisions 015 and 038).
 * Every fact the site states has a passage of its own: each package and each of its features,
 * what a chatbot, a voice agent or an automation costs, how long each step of a project takes,
 * each service's features, outcomes, steps and questions, each industry, each case study's
 * facts, results, approach and quote, each contact detail, and each paragraph and list item of
 * the legal pages. Prices, names and figures come from the content modules, never typed twice.
 * Read at build time by the index plugin (scripts/lib/assistant-index-plugin.ts); the browser
 * and the server receive the result, never this module.
 */
import { aboutPage, stats, values } from "~/content/about";
import { caseStudies, caseStudiesPage } from "~/content/case-studies";
import { contactPage } from "~/content/contact-page";
import { demoChat, demoPage, voiceAgent } from "~/content/demo";
import { homePage } from "~/content/home";
import { industries, industriesPage } from "~/content/industries";
import { informationOfficer, type LegalBlock, legalDocs } from "~/content/legal";
import { type Package, packages, pricingFaqs, pricingPage } from "~/content/packages";
import { serviceDetails } from "~/content/service-details";
import { type ServiceSlug, services } from "~/content/services";
import { servicesPage } from "~/content/services-page";
import { formatAddress, site } from "~/content/site";
import { formatRand } from "~/lib/money";
import { bulletList, inSentence, phraseList, sentence } from "./format";

/**
 * What a passage is about, e.g. "package:Growth": the kind, then the words that name it; with
 * a "~" before it, what it is about only in passing (a case study's industry).
 */
export type About = `${"" | "~"}${EntityKind}:${string}`;
export type EntityKind = "package" | "service" | "industry" | "case" | "doc" | "contact" | "page";

export interface Passage {
  id: string;
  /** The page the answer links to (a site path, maybe with a #fragment). */
  url: string;
  /** The page's name, for the link. */
  page: string;
  /** What the passage is about, e.g. "Growth package". Searched with a higher weight. */
  title: string;
  /** Everything the passage says, searched. */
  text: string;
  /** Extra words people use for this topic (searched, never shown). */
  keywords?: string;
  /** The things it is about; a question naming another thing of the same kind ranks it lower. */
  about?: About[];
  /** The reply: a sentence or a short list quoting or summarising the passage. */
  answer: string;
  /** Added to its rank (below zero: a page that mentions much but is rarely the answer). */
  prior?: number;
}

/** Legal pages mention nearly everything once; the demo page describes the demo. */
const LEGAL_PRIOR = -0.15;
const DEMO_PRIOR = -0.3;

const PRICING = { url: "/pricing", page: pricingPage.title };
const SERVICES = { url: "/services#how-heading", page: servicesPage.title };

function priceOf(p: Package, form: "short" | "long" = "long"): string {
  if (p.price.kind === "quote") return "quoted per project after a consultation";
  return form === "long"
    ? `from ${formatRand(p.price.monthlyCents)} a month (excluding VAT)`
    : `from ${formatRand(p.price.monthlyCents)} a month`;
}

/** The packages' features, grouped by what they are about (for comparisons and prices). */
const FEATURE_GROUPS: { name: string; pattern: RegExp; words: string; service?: ServiceSlug }[] = [
  { name: "AI chatbot", pattern: /chatbot|AI solutions/i, words: "chatbot ai bot", service: "ai" },
  { name: "Conversations", pattern: /conversations/i, words: "conversations chats limit" },
  { name: "Support", pattern: /support/i, words: "support help" },
  {
    name: "Workflow automations",
    pattern: /automation/i,
    words: "automations workflows",
    service: "automations",
  },
  { name: "Analytics", pattern: /analytics/i, words: "analytics reports dashboards" },
  {
    name: "Voice agents",
    pattern: /voice agent/i,
    words: "voice agent calls phone",
    service: "voice-agents",
  },
];

function packagePassages(): Passage[] {
  const out: Passage[] = [];
  const priced = packages.filter((p) => p.price.kind === "from");
  const cheapest = [...priced].sort(
    (a, b) =>
      (a.price.kind === "from" ? a.price.monthlyCents : 0) -
      (b.price.kind === "from" ? b.price.monthlyCents : 0),
  )[0];
  for (const p of packages) {
    const aliases = [
      p === cheapest ? "cheapest entry small" : "",
      p.popular ? "most popular" : "",
      p.price.kind === "quote" ? "custom quote biggest" : "",
    ].join(" ");
    out.push({
      id: `package-${p.name.toLowerCase()}`,
      ...PRICING,
      title: `${p.name} package`,
      text: `${p.name} package. ${p.tagline} Price: ${priceOf(p)}. Includes: ${p.features.join(", ")}.`,
      keywords: `${p.name} package price includes features ${aliases}`,
      about: [`package:${p.name}`],
      answer: `The ${p.name} package is ${priceOf(p)}${p.popular ? ", our most popular" : ""}. ${p.tagline} It includes:\n${bulletList(p.features)}`,
    });
    for (const [i, feature] of p.features.entries()) {
      if (FEATURE_GROUPS.some((g) => g.pattern.test(feature))) continue;
      out.push({
        id: `package-${p.name.toLowerCase()}-feature-${i}`,
        ...PRICING,
        title: feature,
        text: `${feature}: part of the ${p.name} package, ${priceOf(p)}.`,
        keywords: `${p.name} package which`,
        about: [`package:${p.name}`],
        answer: `${feature} is part of the ${p.name} package, ${priceOf(p)}.`,
      });
    }
  }
  for (const group of FEATURE_GROUPS) {
    const rows = packages
      .map((p) => ({ p, feature: p.features.find((f) => group.pattern.test(f)) }))
      .filter((r): r is { p: Package; feature: string } => r.feature !== undefined);
    if (rows.length === 0) continue;
    const without = packages.filter((p) => !rows.some((r) => r.p === p)).map((p) => p.name);
    out.push({
      id: `package-compare-${group.name.toLowerCase().replace(/\W+/g, "-")}`,
      ...PRICING,
      title: `${group.name} in each package`,
      text: rows.map((r) => `${r.p.name}: ${r.feature}`).join(". "),
      keywords: `${group.words} which package include compare each`,
      about: group.service ? [`service:${serviceName[group.service]}`] : [],
      answer: `${group.name} in each package:\n${bulletList(rows.map((r) => `${r.p.name} (${priceOf(r.p, "short")}): ${r.feature}`))}${without.length > 0 ? `\n${phraseList(without)} ${without.length === 1 ? "does" : "do"} not include it.` : ""}`,
    });
  }
  return out;
}

function pricingPassages(): Passage[] {
  const overview = bulletList(packages.map((p) => `${p.name}: ${priceOf(p, "short")}`));
  const out: Passage[] = [
    {
      id: "pricing-overview",
      ...PRICING,
      title: "Packages and prices",
      text: `${pricingPage.intro} ${pricingPage.priceNote} Packages: ${packages.map((p) => `${p.name} ${priceOf(p)}`).join(", ")}.`,
      keywords: "price packages rand month options",
      answer: `Our packages:\n${overview}\n${pricingPage.priceNote} ${pricingPage.intro.split(". ").slice(1).join(". ")}`,
    },
    {
      id: "pricing-compare",
      ...PRICING,
      title: "Starter, Growth and Enterprise compared",
      text: packages.map((p) => `${p.name}: ${p.tagline} ${p.features.join(", ")}.`).join(" "),
      keywords: "difference compare comparison versus vs choose which package right between",
      answer: `The three packages:\n${bulletList(packages.map((p) => `${p.name}, ${priceOf(p, "short")}: ${inSentence(p.tagline).replace(/\.$/, "")}, with ${phraseList(p.features.slice(0, 3))}`))}\nPrices exclude VAT.`,
    },
    {
      id: "pricing-note",
      ...PRICING,
      title: "Rand, VAT and billing",
      text: pricingPage.priceNote,
      keywords: "vat rand billed billing invoice currency dollars",
      answer: pricingPage.priceNote,
    },
    ...pricingFaqs.map((f, i) => ({
      id: `pricing-faq-${i}`,
      ...PRICING,
      title: f.question,
      text: `${f.question} ${f.answer}`,
      answer: `${f.question} ${f.answer}`,
    })),
    {
      id: "pricing-quote",
      ...PRICING,
      title: pricingPage.quoteTitle,
      text: `${pricingPage.quoteTitle}. ${pricingPage.quoteIntro}`,
      keywords: "quote request custom proposal",
      answer: pricingPage.quoteIntro,
    },
  ];
  // What a chatbot, a voice agent or an automation costs: the packages that include one.
  for (const s of services) {
    const groups = FEATURE_GROUPS.filter((g) => g.service === s.slug);
    if (groups.length === 0) continue;
    const rows = packages
      .map((p) => ({
        p,
        features: p.features.filter((f) => groups.some((g) => g.pattern.test(f))),
      }))
      .filter((r) => r.features.length > 0);
    out.push({
      id: `pricing-service-${s.slug}`,
      ...PRICING,
      title: `What ${s.title} cost`,
      text: `${s.title} price: ${rows.map((r) => `${r.p.name} ${priceOf(r.p)}: ${r.features.join(", ")}`).join(". ")}.`,
      keywords: `price ${groups.map((g) => g.words).join(" ")}`,
      about: [`service:${serviceName[s.slug]}`],
      answer: `${s.title} come with ${rows.length === packages.length ? "every package" : phraseList(rows.map((r) => r.p.name))}:\n${bulletList(rows.map((r) => `${r.p.name}, ${priceOf(r.p, "short")}: ${phraseList(r.features)}`))}\n${pricingPage.priceNote}`,
    });
  }
  return out;
}

/** The word that names each service in a question (its entity). */
const serviceName: Record<ServiceSlug, string> = {
  ai: "chatbot",
  automations: "automation",
  "voice-agents": "voice",
  websites: "website",
};

const serviceWords: Record<ServiceSlug, string> = {
  ai: "ai chatbot",
  automations: "automation",
  "voice-agents": "voice agent",
  websites: "website",
};

function servicePassages(): Passage[] {
  const how = servicesPage.how;
  const buildStep = how.find((h) => /weeks/.test(h.time));
  const out: Passage[] = [
    {
      id: "services-overview",
      url: "/services",
      page: servicesPage.title,
      title: "Our services",
      text: `${servicesPage.intro} ${services.map((s) => `${s.title}: ${s.description}`).join(" ")}`,
      keywords: "services offer do provide",
      answer: `We offer four services:\n${bulletList(services.map((s) => `${s.title}: ${s.description}`))}`,
    },
    {
      id: "services-how",
      ...SERVICES,
      title: `${servicesPage.howTitle}: the process`,
      text: `${servicesPage.howTitle}. ${how.map((h) => `${h.title} (${h.time}): ${h.text}`).join(" ")}`,
      keywords: "process steps start timeline project works",
      answer: `Every project runs in four steps:\n${bulletList(how.map((h) => `${h.title} (${inSentence(h.time)}): ${h.text}`))}`,
    },
    ...how.map((h, i) => ({
      id: `services-how-${i}`,
      ...SERVICES,
      title: h.title,
      text: `${h.title}: ${h.time}. ${h.text}`,
      // A step is what happens after the one before it ("after launch", "after the call").
      keywords: `step project${i > 0 ? ` next after ${how[i - 1]?.title}${/launch/i.test(how[i - 1]?.title ?? "") ? " afterlaunch" : ""}` : " first"}`,
      answer: `${h.title}: ${inSentence(h.time)}. ${h.text}`,
    })),
    {
      id: "services-cta",
      url: "/services",
      page: servicesPage.title,
      title: servicesPage.ctaTitle,
      text: `${servicesPage.ctaTitle} ${servicesPage.ctaText}`,
      keywords: "recommend which service first start",
      answer: servicesPage.ctaText,
    },
  ];
  for (const s of services) {
    const d = serviceDetails[s.slug];
    const about: About[] = [`service:${serviceName[s.slug]}`];
    out.push({
      id: `service-${s.slug}`,
      url: s.link,
      page: s.title,
      title: `${s.title}: ${d.headline}`,
      text: `${s.title}. ${s.description} ${d.headline}. ${d.intro} Features: ${s.features.join(", ")}.`,
      keywords: serviceWords[s.slug],
      about,
      answer: `${s.description} It includes:\n${bulletList(s.features)}`,
    });
    for (const [i, feature] of s.features.entries()) {
      out.push({
        id: `service-${s.slug}-feature-${i}`,
        url: s.link,
        page: s.title,
        title: feature,
        text: `${s.title}: ${feature}.`,
        keywords: serviceWords[s.slug],
        about,
        answer: `Part of our ${s.title}: ${sentence(feature)} ${s.description}`,
      });
    }
    for (const [i, o] of d.outcomes.entries()) {
      out.push({
        id: `service-${s.slug}-outcome-${i}`,
        url: s.link,
        page: s.title,
        title: o.title,
        text: `${s.title}. ${o.title}. ${o.text}`,
        keywords: serviceWords[s.slug],
        about,
        answer: `${sentence(o.title)} ${o.text}`,
      });
    }
    out.push({
      id: `service-${s.slug}-process`,
      url: s.link,
      page: s.title,
      title: `${s.title}: how we work`,
      text: `${s.title}. ${d.process.map((p) => `${p.step}: ${p.text}`).join(" ")}`,
      keywords: `${serviceWords[s.slug]} process steps how work`,
      about,
      answer: `How we work on ${s.title.toLowerCase()}:\n${bulletList(d.process.map((p) => `${p.step}: ${p.text}`))}`,
    });
    // How long: the project's steps and their durations (the services page states them).
    out.push({
      id: `service-${s.slug}-duration`,
      ...SERVICES,
      title: `How long ${s.title.toLowerCase()} take`,
      text: `${s.title} project duration: ${how.map((h) => `${h.title} ${h.time}`).join(", ")}.`,
      keywords: `${serviceWords[s.slug]} long take weeks live launch`,
      about,
      answer: `${s.title} projects follow our usual steps: ${phraseList(how.map((h) => `${h.title} (${inSentence(h.time)})`))}. ${buildStep ? buildStep.text : ""} For ${s.title.toLowerCase()} the work itself runs: ${phraseList(d.process.map((p) => p.step))}.`,
    });
    for (const [i, f] of d.faqs.entries()) {
      out.push({
        id: `service-${s.slug}-faq-${i}`,
        url: s.link,
        page: s.title,
        title: f.question,
        text: `${s.title}. ${f.question} ${f.answer}`,
        keywords: serviceWords[s.slug],
        about,
        answer: `${f.question} ${f.answer}`,
      });
    }
  }
  return out;
}

function industryPassages(): Passage[] {
  return [
    ...industries.map((ind) => ({
      id: `industry-${ind.slug}`,
      url: "/solutions",
      page: industriesPage.title,
      title: ind.title,
      text: `${ind.title}. ${ind.description} Use cases: ${ind.useCases.join(", ")}.`,
      keywords: "industry sector help work with",
      about: [`industry:${ind.title}`] as About[],
      answer: `${ind.title}: ${ind.description} For example:\n${bulletList(ind.useCases)}`,
    })),
    {
      id: "industry-all",
      url: "/solutions",
      page: industriesPage.title,
      title: "Industries we serve",
      text: `${industriesPage.intro} ${industries.map((i) => i.title).join(", ")}.`,
      keywords: "industries sectors which work with",
      answer: `We work with ${phraseList(industries.map((i) => i.title))}. ${industriesPage.otherText}`,
    },
    {
      id: "industry-other",
      url: "/solutions",
      page: industriesPage.title,
      title: industriesPage.otherTitle,
      text: `${industriesPage.otherTitle} ${industriesPage.otherText}`,
      keywords: "other industry sector help work with",
      answer: industriesPage.otherText,
    },
  ];
}

function caseStudyPassages(): Passage[] {
  const out: Passage[] = [
    {
      id: "case-studies-overview",
      url: "/case-studies",
      page: caseStudiesPage.title,
      title: "Case studies",
      text: `${caseStudiesPage.intro} ${caseStudies.map((c) => `${c.title} for ${c.client} (${c.industry})`).join(", ")}.`,
      keywords: "casestudy examples clients portfolio references past work",
      answer: `Our case studies:\n${bulletList(caseStudies.map((c) => `${c.title}: ${c.summary}`))}`,
    },
  ];
  for (const c of caseStudies) {
    const url = `/case-studies/${c.slug}`;
    const names = `${c.client} ${c.title} ${c.industry} ${c.location}`;
    // Named by the client's first word and, unless it is our own city, the place.
    const place = c.location === site.address.city ? "" : ` ${c.location}`;
    const industry = industries.find((i) =>
      i.title.toLowerCase().includes(c.industry.toLowerCase().split(" ")[0] ?? ""),
    );
    const about: About[] = [
      `case:${c.client.split(" ")[0]}${place}`,
      ...(industry ? [`~industry:${industry.title}` as About] : []),
    ];
    out.push({
      id: `case-${c.slug}`,
      url,
      page: c.title,
      title: `${c.title}: ${c.client}`,
      text: `${c.title}. ${c.summary} ${c.client}: ${c.clientDescription} Challenge: ${c.challenge} Solution: ${c.solution} Results: ${c.results.map((r) => `${r.value} ${r.label}`).join(", ")}. ${c.story.background.join(" ")} ${c.story.outcome}`,
      keywords: `casestudy ${names}`,
      about,
      answer: `${c.summary} ${c.solution} The project took ${c.duration}. Results:\n${bulletList(c.results.map((r) => `${r.value} ${r.label}`))}`,
    });
    out.push({
      id: `case-${c.slug}-results`,
      url,
      page: c.title,
      title: `${c.title} results`,
      text: `${c.title} results for ${c.client}: ${c.results.map((r) => `${r.value} ${r.label}`).join(", ")}. ${c.story.outcome}`,
      keywords: `result casestudy ${names}`,
      about,
      answer: `Results for ${c.client} (${c.title.toLowerCase()}):\n${bulletList(c.results.map((r) => `${r.value} ${r.label}`))}`,
    });
    out.push({
      id: `case-${c.slug}-facts`,
      url,
      page: c.title,
      title: `${c.title}: client, place and duration`,
      text: `${c.client}, ${c.clientDescription} ${c.location}. ${c.industry}. The project took ${c.duration}. Services: ${c.services.map((s) => services.find((x) => x.slug === s)?.title).join(", ")}.`,
      keywords: `casestudy long took weeks where who ${names}`,
      about,
      answer: `${c.title} was for ${c.client}, ${inSentence(c.clientDescription)} The project took ${c.duration} and used ${phraseList(c.services.map((s) => services.find((x) => x.slug === s)?.title ?? s))}.`,
    });
    out.push({
      id: `case-${c.slug}-approach`,
      url,
      page: c.title,
      title: `${c.title}: how we did it`,
      text: `${c.title}. ${c.story.approach.map((a) => `${a.title}: ${a.text}`).join(" ")}`,
      keywords: `how approach casestudy ${names}`,
      about,
      answer: `How we did it for ${c.client}:\n${bulletList(c.story.approach.map((a) => `${a.title}: ${a.text}`))}`,
    });
    out.push({
      id: `case-${c.slug}-quote`,
      url,
      page: c.title,
      prior: -0.25,
      title: `What ${c.client} says`,
      text: `${c.story.quote.text} ${c.story.quote.name}, ${c.story.quote.role}.`,
      keywords: `testimonial review say casestudy ${names}`,
      about,
      answer: `“${c.story.quote.text}” (${c.story.quote.name}, ${c.story.quote.role})`,
    });
  }
  return out;
}

function contactPassages(): Passage[] {
  const contact = { url: "/contact", page: contactPage.title };
  const whatsappNumber =
    site.whatsapp === site.phone.replace(/\D/g, "") ? site.phone : `+${site.whatsapp}`;
  return [
    {
      id: "contact-details",
      ...contact,
      title: "Phone and e-mail",
      text: `Phone ${site.phone}. Email ${site.email}. Call us. Get in touch.`,
      keywords: "contact phone call email reach talk",
      about: ["contact:phone email"],
      answer: `You can call us on ${site.phone} or e-mail ${site.email}. ${contactPage.intro.split(". ").slice(-1)[0]}`,
    },
    {
      id: "contact-email",
      ...contact,
      title: "E-mail address",
      text: `Email ${site.email}.`,
      keywords: "email write",
      about: ["contact:email"],
      answer: `Our e-mail address is ${site.email}. ${contactPage.intro.split(". ").slice(-1)[0]}`,
    },
    {
      id: "contact-whatsapp",
      ...contact,
      title: "WhatsApp",
      text: `WhatsApp ${whatsappNumber}. Message us on WhatsApp. ${homePage.ways.find((w) => w.key === "whatsapp")?.text ?? ""}`,
      keywords: "whatsapp message chat number",
      about: ["contact:whatsapp"],
      answer: `Message us on WhatsApp at ${whatsappNumber}: the WhatsApp button at the bottom of every page opens the chat. Office hours: ${site.hours}.`,
    },
    {
      id: "contact-address",
      ...contact,
      title: "Office address",
      text: `Our office: ${formatAddress()}, ${site.address.province}, ${site.address.country}. ${contactPage.mapIntro}`,
      keywords: "address where office visit map directions based",
      about: ["contact:address"],
      answer: `Our office is at ${formatAddress()}. ${contactPage.mapIntro.split(". ").slice(-1)[0]}`,
    },
    {
      id: "contact-hours",
      ...contact,
      title: "Office hours",
      text: `Office hours: ${site.hours}. Open ${site.openingHours.days[0]} to ${site.openingHours.days.at(-1)}, ${site.openingHours.opens} to ${site.openingHours.closes}. Closed on weekends.`,
      keywords: "hour open time weekend when reply email message",
      about: ["contact:hour"],
      answer: `Our office hours are ${site.hours} (${site.openingHours.days[0]} to ${site.openingHours.days.at(-1)}); we are closed on weekends. We reply to messages within 24 hours on business days.`,
    },
    {
      id: "contact-reply",
      ...contact,
      title: "When we reply",
      text: contactPage.intro,
      keywords: "reply respond answer back message",
      about: ["contact:reply"],
      answer: contactPage.intro,
    },
    {
      id: "contact-consultation",
      ...contact,
      url: "/contact#schedule-heading",
      title: contactPage.scheduleTitle,
      text: `${contactPage.scheduleTitle}. ${contactPage.scheduleText}`,
      keywords: "book demo consultation meeting call schedule free",
      about: ["contact:consultation"],
      answer: `${contactPage.scheduleText} It's free: choose a time on our booking page (${contactPage.scheduleHref}), or call ${site.phone}.`,
    },
    {
      id: "contact-parking",
      ...contact,
      title: "Parking",
      text: contactPage.mapIntro,
      keywords: "parking park car visit",
      about: ["contact:address"],
      answer: `${contactPage.mapIntro} Our address: ${formatAddress()}.`,
    },
  ];
}

function aboutPassages(): Passage[] {
  const about = { url: "/about", page: aboutPage.title };
  return [
    {
      id: "about-who",
      ...about,
      title: "About us",
      text: `${aboutPage.intro} ${aboutPage.story[0] ?? ""}`,
      keywords: "aboutus who company team about south african",
      answer: `${aboutPage.intro} ${aboutPage.story[0]?.split(". ")[0] ?? ""}.`,
    },
    ...aboutPage.story.slice(1).map((text, i) => ({
      id: `about-story-${i + 1}`,
      ...about,
      title: "Our story",
      text,
      keywords: "story company started clients",
      answer: text,
    })),
    {
      id: "about-mission",
      ...about,
      title: aboutPage.missionTitle,
      text: `${aboutPage.missionTitle}. ${aboutPage.mission}`,
      keywords: "mission purpose goal why",
      answer: `Our mission: ${inSentence(aboutPage.mission)}`,
    },
    {
      id: "about-stats",
      ...about,
      title: aboutPage.statsTitle,
      text: `${aboutPage.statsTitle}: ${stats.map((s) => `${s.value} ${s.label}`).join(", ")}.`,
      keywords: "experience track record projects clients satisfaction numbers happy",
      answer: `${phraseList(stats.map((s) => `${s.value} ${s.label.toLowerCase()}`))}.`.replace(
        /^./,
        (c) => c.toUpperCase(),
      ),
    },
    {
      id: "about-values",
      ...about,
      title: aboutPage.valuesTitle,
      text: `${aboutPage.valuesTitle}. ${values.map((v) => `${v.title}: ${v.text}`).join(" ")}`,
      keywords: "values principles culture",
      answer: `Our values:\n${bulletList(values.map((v) => `${v.title}: ${v.text}`))}`,
    },
    ...homePage.reasons.map((r, i) => ({
      id: `home-reason-${i}`,
      ...reasonPage(r.title),
      title: r.title,
      text: `${homePage.whyTitle}. ${r.title}. ${r.text}`,
      keywords: "why choose you",
      answer: `${sentence(r.title)} ${r.text}`,
    })),
  ];
}

/** The page that backs a reason the home page gives (its figures, its policy, its process). */
function reasonPage(title: string): { url: string; page: string } {
  if (/POPIA/i.test(title)) return { url: "/legal/privacy", page: legalDocs.privacy.title };
  if (/weeks/i.test(title)) return SERVICES;
  return { url: "/case-studies", page: caseStudiesPage.title };
}

function blockTexts(block: LegalBlock): string[] {
  if (block.kind === "paragraph") return [block.text];
  if (block.kind === "list") return block.items;
  if (block.kind === "table") return block.rows.map((r) => r.join(": "));
  return [];
}

function legalPassages(): Passage[] {
  const out: Passage[] = [];
  for (const doc of Object.values(legalDocs)) {
    const url = `/legal/${doc.slug}`;
    const about: About[] = [`doc:${doc.slug.replace(/-.*/, "")}`];
    out.push({
      id: `legal-${doc.slug}`,
      url,
      page: doc.title,
      title: doc.title,
      text: `${doc.title}. ${doc.description} ${doc.intro}`,
      about,
      // The page as a whole answers a question that only names it ("your PAIA manual?").
      prior: 0.1,
      answer: doc.description,
    });
    for (const section of doc.sections) {
      const heading = section.heading.replace(/^\d+\.\s*/, "");
      let lead = "";
      let n = 0;
      for (const block of section.blocks) {
        for (const text of blockTexts(block)) {
          // A line that ends with a colon introduces the list after it.
          if (block.kind === "paragraph" && /:$/.test(text)) {
            lead = text;
            continue;
          }
          const answer = block.kind === "list" && lead ? `${lead} ${inSentence(text)}` : text;
          out.push({
            id: `legal-${doc.slug}-${section.id}-${n++}`,
            url: `${url}#${section.id}`,
            page: doc.title,
            title: `${doc.title}: ${heading}`,
            text: `${heading}. ${text}`,
            keywords: `${doc.slug === "privacy" ? "privacy personal" : doc.title}${/\bdemo\b/i.test(`${heading} ${text}`) ? " thisassistant" : ""}`,
            // What the legal pages say about the demo (the assistant) is about the demo too.
            about: /\bdemo\b/i.test(`${heading} ${text}`) ? [...about, "page:demo"] : about,
            prior: LEGAL_PRIOR,
            answer: sentence(answer.replace(/;( and)?$/, "")),
          });
        }
      }
    }
  }
  out.push({
    id: "legal-information-officer",
    url: "/legal/privacy#who-we-are",
    page: legalDocs.privacy.title,
    title: "Information Officer",
    text: `Information Officer: ${informationOfficer.name}, ${informationOfficer.email}. Privacy requests.`,
    keywords: "informationofficer privacy request who",
    about: ["doc:privacy"],
    answer: `Our Information Officer is ${informationOfficer.name}. For any question or request about your personal information, e-mail ${informationOfficer.email} with "Attention: Information Officer" in the subject line, or call ${informationOfficer.phone}.`,
  });
  return out;
}

function demoPassages(): Passage[] {
  const demo = {
    url: "/demo",
    page: demoPage.title,
    prior: DEMO_PRIOR,
    about: ["page:demo"] as About[],
  };
  return [
    {
      id: "demo-voice",
      ...demo,
      title: `${voiceAgent.title} demo`,
      text: `${voiceAgent.title} demo line. ${voiceAgent.intro} ${voiceAgent.availability}. ${voiceAgent.features.join(". ")}.`,
      keywords: "voice demo line call try test hear",
      answer: `${voiceAgent.intro} ${voiceAgent.availability}. ${voiceAgent.bookText}`,
    },
    {
      id: "demo-voice-languages",
      ...demo,
      title: `${voiceAgent.title}: languages`,
      text: voiceAgent.features.join(". "),
      keywords: "voice language demo",
      about: ["page:demo", "~service:voice"],
      answer: `Our demo voice agent offers:\n${bulletList(voiceAgent.features)}`,
    },
    {
      id: "demo-chat",
      ...demo,
      title: demoPage.chatTitle,
      text: `${demoPage.title}. ${demoPage.chatTitle} demo. ${demoPage.intro} ${demoPage.chatIntro}`,
      keywords: "demo try test chatbot",
      answer: `${demoPage.intro} ${demoPage.chatIntro.split(". ").slice(1).join(". ")}`,
    },
    {
      id: "demo-assistant",
      ...demo,
      title: "This assistant",
      text: `${demoChat.automatedNotice}. ${demoPage.intro}`,
      keywords: "thisassistant automated",
      answer: `I'm an automated assistant: my answers come from our website, not from a person. If I can't help, I can pass your question to our team.`,
    },
    {
      id: "demo-personal",
      ...demo,
      title: demoPage.ctaLabel,
      text: `${demoPage.ctaTitle} ${demoPage.ctaText}`,
      keywords: "demo own data personalised book",
      answer: `${demoPage.ctaText} Call ${site.phone} or e-mail ${site.email} to book it.`,
    },
  ];
}

/** Every passage, in a stable order. */
export function buildPassages(): Passage[] {
  return [
    ...packagePassages(),
    ...pricingPassages(),
    ...servicePassages(),
    ...industryPassages(),
    ...caseStudyPassages(),
    ...contactPassages(),
    ...aboutPassages(),
    ...legalPassages(),
    ...demoPassages(),
  ];
}
