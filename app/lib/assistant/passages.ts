/**
 * The site assistant's knowledge: passages cut from app/content/, each with the page it comes
 * from and a short answer (a sentence or two) quoting or summarising it. Read at build time by
 * the index plugin (scripts/assistant-index-plugin.ts); the browser and the server receive the
 * result, never this module.
 */
import { aboutPage, stats, values } from "~/content/about";
import { caseStudies } from "~/content/case-studies";
import { contactPage } from "~/content/contact";
import { voiceAgent } from "~/content/demo";
import { industries, industriesPage } from "~/content/industries";
import { informationOfficer, legalDocs } from "~/content/legal";
import { formatRand, packages, pricingFaqs, pricingPage } from "~/content/packages";
import { serviceDetails } from "~/content/service-details";
import { services } from "~/content/services";
import { servicesPage } from "~/content/services-page";
import { formatAddress, site } from "~/content/site";

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
  /** The reply: a sentence or two quoting or summarising the passage. */
  answer: string;
}

const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

function packagePassages(): Passage[] {
  return packages.map((p) => {
    const price =
      p.price.kind === "from"
        ? `from ${formatRand(p.price.monthly)} a month (excluding VAT)`
        : "quoted per project after a consultation";
    return {
      id: `package-${p.name.toLowerCase()}`,
      url: "/pricing",
      page: pricingPage.title,
      title: `${p.name} package`,
      text: `${p.name} package. ${p.tagline} Price: ${price}. Includes: ${p.features.join(", ")}.`,
      keywords: `${p.name} plan tier price cost monthly includes features${p.popular ? " most popular" : ""}`,
      answer: `The ${p.name} package is ${price}${p.popular ? " and is our most popular" : ""}. It includes ${list(p.features.map(lower))}.`,
    };
  });
}

function pricingPassages(): Passage[] {
  const cheapest = packages
    .filter((p) => p.price.kind === "from")
    .map(
      (p) => `${p.name} ${p.price.kind === "from" ? `from ${formatRand(p.price.monthly)}` : ""}`,
    );
  return [
    {
      id: "pricing-overview",
      url: "/pricing",
      page: pricingPage.title,
      title: "Packages and prices",
      text: `${pricingPage.intro} ${pricingPage.priceNote} Packages: ${packages.map((p) => p.name).join(", ")}.`,
      keywords: "price prices pricing cost costs how much packages plans rand VAT billed monthly",
      answer: `Our packages are ${list(cheapest)} a month, and Enterprise is quoted per project. ${pricingPage.priceNote}`,
    },
    ...pricingFaqs.map((f, i) => ({
      id: `pricing-faq-${i}`,
      url: "/pricing",
      page: pricingPage.title,
      title: f.question,
      text: `${f.question} ${f.answer}`,
      answer: f.answer,
    })),
    {
      id: "pricing-quote",
      url: "/pricing",
      page: pricingPage.title,
      title: pricingPage.quoteTitle,
      text: `${pricingPage.quoteTitle}. ${pricingPage.quoteIntro}`,
      keywords: "quote request custom proposal estimate",
      answer: pricingPage.quoteIntro,
    },
  ];
}

function servicePassages(): Passage[] {
  const out: Passage[] = [
    {
      id: "services-overview",
      url: "/services",
      page: servicesPage.title,
      title: "Our services",
      text: `${servicesPage.intro} ${services.map((s) => `${s.title}: ${s.description}`).join(" ")}`,
      keywords: "services offer do what you do provide",
      answer: `We offer ${list(services.map((s) => s.title))}. ${servicesPage.intro.split(": ")[0]}.`,
    },
    {
      id: "services-how",
      url: "/services",
      page: servicesPage.title,
      title: servicesPage.howTitle,
      text: `${servicesPage.howTitle}. ${servicesPage.how.map((h) => `${h.title}: ${h.text}`).join(" ")}`,
      keywords:
        "process how project works steps start timeline how long weeks consultation proposal launch",
      answer: `Every project runs in four steps: ${list(servicesPage.how.map((h) => lower(h.title)))}. ${servicesPage.how[2]?.text ?? ""}`,
    },
  ];
  for (const s of services) {
    const d = serviceDetails[s.slug];
    out.push({
      id: `service-${s.slug}`,
      url: s.link,
      page: s.title,
      title: `${s.title}: ${d.headline}`,
      text: `${s.title}. ${s.description} ${d.headline}. ${d.intro} Features: ${s.features.join(", ")}.`,
      answer: `${s.description} It includes ${list(s.features.map(lower))}.`,
    });
    out.push({
      id: `service-${s.slug}-outcomes`,
      url: s.link,
      page: s.title,
      title: `${s.title}: what you get`,
      text: d.outcomes.map((o) => `${o.title}. ${o.text}`).join(" "),
      answer: `${s.title}: ${d.outcomes.map((o) => sentence(o.title)).join(" ")}`,
    });
    out.push({
      id: `service-${s.slug}-process`,
      url: s.link,
      page: s.title,
      title: `${s.title}: how we work`,
      text: d.process.map((p) => `${p.step}: ${p.text}`).join(" "),
      keywords: "process steps how work",
      answer: `For ${s.title.toLowerCase()} we work in steps: ${d.process.map((p) => `${lower(p.step)} (${lower(p.text).replace(/\.$/, "")})`).join("; ")}.`,
    });
    d.faqs.forEach((f, i) => {
      out.push({
        id: `service-${s.slug}-faq-${i}`,
        url: s.link,
        page: s.title,
        title: f.question,
        text: `${s.title}. ${f.question} ${f.answer}`,
        answer: f.answer,
      });
    });
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
      keywords: "industry sector",
      answer: `${ind.title}: ${ind.description} For example: ${list(ind.useCases.map(lower))}.`,
    })),
    {
      id: "industry-other",
      url: "/solutions",
      page: industriesPage.title,
      title: industriesPage.otherTitle,
      text: `${industriesPage.intro} ${industriesPage.otherTitle} ${industriesPage.otherText}`,
      keywords: "industries sectors which industry work with other",
      answer: `We work with ${list(industries.map((i) => i.title))}. ${industriesPage.otherText.split(". ")[0]}.`,
    },
  ];
}

function caseStudyPassages(): Passage[] {
  const out: Passage[] = [
    {
      id: "case-studies-overview",
      url: "/case-studies",
      page: "Case Studies",
      title: "Case studies",
      text: `Case studies: ${caseStudies.map((c) => `${c.title} for ${c.client} (${c.industry})`).join(", ")}.`,
      keywords: "case studies examples clients portfolio references past work results",
      answer: `Our case studies: ${list(caseStudies.map((c) => `${c.title} (${c.client}, ${c.industry.toLowerCase()})`))}.`,
    },
  ];
  for (const c of caseStudies) {
    const url = `/case-studies/${c.slug}`;
    out.push({
      id: `case-${c.slug}`,
      url,
      page: c.title,
      title: `${c.title} case study: ${c.client}`,
      text: `${c.title}. ${c.summary} ${c.client}: ${c.clientDescription} Industry: ${c.industry}. Challenge: ${c.challenge} Solution: ${c.solution} ${c.story.background.join(" ")} ${c.story.outcome}`,
      keywords: `case study ${c.industry} client example`,
      answer: `${c.summary} ${c.solution}`,
    });
    out.push({
      id: `case-${c.slug}-results`,
      url,
      page: c.title,
      title: `${c.title} results`,
      text: `${c.title} results for ${c.client} (${c.industry}): ${c.results.map((r) => `${r.value} ${r.label}`).join(", ")}. Project took ${c.duration}.`,
      keywords: "results outcome impact saved savings roi numbers",
      answer: `For ${c.client} (${c.title.toLowerCase()}): ${list(c.results.map((r) => `${r.value} ${r.label}`))}.`,
    });
  }
  return out;
}

function contactPassages(): Passage[] {
  return [
    {
      id: "contact-details",
      url: "/contact",
      page: contactPage.title,
      title: "Contact details",
      text: `Phone ${site.phone}. Email ${site.email}. Call us. Reach us. Get in touch.`,
      keywords: "contact phone number call telephone email e-mail reach talk speak",
      answer: `You can call us on ${site.phone} or e-mail ${site.email}. ${contactPage.intro.split(". ").slice(-1)[0]}`,
    },
    {
      id: "contact-address",
      url: "/contact",
      page: contactPage.title,
      title: "Office address",
      text: `Our office: ${formatAddress()}, ${site.address.province}, ${site.address.country}. ${contactPage.mapIntro}`,
      keywords: "address where located location office visit map directions parking based",
      answer: `Our office is at ${formatAddress()}. ${contactPage.mapIntro.split(". ").slice(-1)[0]}`,
    },
    {
      id: "contact-hours",
      url: "/contact",
      page: contactPage.title,
      title: "Office hours",
      text: `Office hours: ${site.hours}. Open Monday to Friday, 08:00 to 17:00. ${contactPage.intro}`,
      keywords: "hours open opening closed times weekend saturday sunday when reply respond",
      answer: `Our office hours are ${site.hours}. We reply to messages within 24 hours on business days.`,
    },
    {
      id: "contact-consultation",
      url: "/contact",
      page: contactPage.title,
      title: contactPage.scheduleTitle,
      text: `${contactPage.scheduleTitle}. ${contactPage.scheduleText}`,
      keywords: "book demo consultation meeting appointment free call schedule",
      answer: `${contactPage.scheduleText.split(". ")[0]}. It's free: call ${site.phone} or send a message on our Contact page to find a time.`,
    },
  ];
}

function aboutPassages(): Passage[] {
  return [
    {
      id: "about-who",
      url: "/about",
      page: aboutPage.title,
      title: "About us",
      text: `${aboutPage.intro} ${aboutPage.story.join(" ")}`,
      keywords: "who are you company team about story founded",
      answer: `${aboutPage.intro} ${aboutPage.story[0]?.split(". ")[0] ?? ""}.`,
    },
    {
      id: "about-mission",
      url: "/about",
      page: aboutPage.title,
      title: aboutPage.missionTitle,
      text: `${aboutPage.missionTitle}. ${aboutPage.mission}`,
      keywords: "mission purpose goal why",
      answer: `Our mission: ${lower(aboutPage.mission)}`,
    },
    {
      id: "about-stats",
      url: "/about",
      page: aboutPage.title,
      title: aboutPage.statsTitle,
      text: `${aboutPage.statsTitle}: ${stats.map((s) => `${s.value} ${s.label}`).join(", ")}.`,
      keywords: "experience track record how many projects clients satisfaction numbers",
      answer: `${list(stats.map((s) => `${s.value} ${s.label.toLowerCase()}`))}.`,
    },
    {
      id: "about-values",
      url: "/about",
      page: aboutPage.title,
      title: aboutPage.valuesTitle,
      text: `${aboutPage.valuesTitle}. ${values.map((v) => `${v.title}: ${v.text}`).join(" ")}`,
      keywords: "values principles culture",
      answer: `Our values are ${list(values.map((v) => v.title))}.`,
    },
  ];
}

function legalPassages(): Passage[] {
  const out: Passage[] = [];
  for (const doc of Object.values(legalDocs)) {
    const url = `/legal/${doc.slug}`;
    out.push({
      id: `legal-${doc.slug}`,
      url,
      page: doc.title,
      title: doc.title,
      text: `${doc.title}. ${doc.description} ${doc.intro}`,
      answer: doc.description,
    });
    for (const section of doc.sections) {
      const paragraphs: string[] = [];
      for (const b of section.blocks) {
        if (b.kind === "paragraph") paragraphs.push(b.text);
        else if (b.kind === "list") paragraphs.push(b.items.join(" "));
        else if (b.kind === "table") paragraphs.push(b.rows.map((r) => r.join(": ")).join(". "));
      }
      const heading = section.heading.replace(/^\d+\.\s*/, "");
      const first = section.blocks.find((b) => b.kind !== "link");
      const lead =
        first?.kind === "paragraph"
          ? first.text
          : first?.kind === "list"
            ? first.items.slice(0, 2).join(" ")
            : (paragraphs[0] ?? "");
      const followUp = section.blocks.find((b, i) => i > 0 && b.kind === "paragraph");
      out.push({
        id: `legal-${doc.slug}-${section.id}`,
        url: `${url}#${section.id}`,
        page: doc.title,
        title: `${doc.title}: ${heading}`,
        text: `${doc.title}. ${heading}. ${paragraphs.join(" ")}`,
        keywords: doc.slug === "privacy" ? "popia personal information data privacy" : undefined,
        answer:
          first?.kind === "paragraph" && /:$/.test(first.text) && section.blocks[1]?.kind === "list"
            ? `${first.text} ${list(section.blocks[1].items.slice(0, 3).map((s) => s.replace(/[;.]$/, "")))}.`
            : followUp?.kind === "paragraph" && lead.length < 120
              ? `${lead} ${followUp.text}`
              : lead,
      });
    }
  }
  out.push({
    id: "legal-information-officer",
    url: "/legal/privacy#who-we-are",
    page: legalDocs.privacy.title,
    title: "Information Officer",
    text: `Information Officer: ${informationOfficer.name}, ${informationOfficer.email}. POPIA data protection officer privacy requests.`,
    keywords: "information officer popia data protection officer dpo privacy request",
    answer: `Our Information Officer is ${informationOfficer.name}. For any question or request about your personal information, e-mail ${informationOfficer.email}.`,
  });
  return out;
}

function demoPassages(): Passage[] {
  return [
    {
      id: "demo-voice",
      url: "/demo",
      page: "Demo",
      title: voiceAgent.title,
      text: `${voiceAgent.title} demo line. ${voiceAgent.intro} ${voiceAgent.availability}. ${voiceAgent.features.join(". ")}.`,
      keywords: "voice demo line call try test hear languages afrikaans",
      answer: `${voiceAgent.intro} ${voiceAgent.availability}.`,
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
