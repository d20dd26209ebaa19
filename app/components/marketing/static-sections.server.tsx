/** The public pages' static HTML (pictures and sections), rendered by their loaders (decision 017). */

import { Badge } from "~/components/ui/badge";
import type { voiceAgent as VoiceAgentText } from "~/content/demo";
import { proofItems } from "~/content/home";
import { industries } from "~/content/industries";
import { getLegalDoc, legalDocs } from "~/content/legal";
import { services } from "~/content/services";
import { renderStatic } from "~/lib/static-markup.server";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import { IndustryArt, ServiceArt } from "./card-art";
import { ContactDetails } from "./contact-details";
import { FaqList } from "./faq-list";
import { HeroPicture, ProcessSection, ProofSection, WaysInSection } from "./home-sections";
import { LegalBody, type LegalPage } from "./legal-document";
import { MapIllustration } from "./map-embed";
import { ScheduleDemo } from "./schedule-demo";
import { VoiceAgentPanel } from "./voice-agent-panel";

/** Each service's card illustration, by slug. */
export function serviceArtHtml(): Record<string, string> {
  return Object.fromEntries(
    services.map((s) => [s.slug, renderStatic(<ServiceArt slug={s.slug} />)]),
  );
}

/** Each industry's card illustration, by slug. */
export function industryArtHtml(): Record<string, string> {
  return Object.fromEntries(
    industries.map((i) => [i.slug, renderStatic(<IndustryArt slug={i.slug} />)]),
  );
}

export function homeSectionsHtml() {
  return {
    heroPicture: renderStatic(<HeroPicture />),
    proof: renderStatic(<ProofSection items={proofItems()} industries={industries} />),
    process: renderStatic(<ProcessSection />),
    waysIn: renderStatic(<WaysInSection />),
    serviceArt: serviceArtHtml(),
  };
}

/** A legal page's data: its body as HTML, the rest for React; undefined for an unknown slug. */
export function legalPage(slug: string | undefined): LegalPage | undefined {
  const doc = getLegalDoc(slug);
  if (!doc) return undefined;
  const { sections, ...rest } = doc;
  return {
    ...rest,
    bodyHtml: renderStatic(<LegalBody doc={{ sections }} />),
    others: Object.values(legalDocs)
      .filter((d) => d.slug !== doc.slug)
      .map((d) => ({ slug: d.slug, title: d.title })),
  };
}

/** The data of `/contact` and `/contact/map` (`ContactPage`): its trail and its static parts. */
export function contactPageData() {
  return {
    breadcrumbs: navBreadcrumbJsonLd("/contact"),
    html: {
      details: renderStatic(<ContactDetails />),
      schedule: renderStatic(<ScheduleDemo />),
      mapPicture: renderStatic(<MapIllustration />),
    },
  };
}

/**
 * Questions and answers (`/pricing`, a service's page): native disclosure widgets that need no
 * script, so their code (and the chevron's) is not a file of the page's first load (decision 145).
 */
export function faqHtml(faqs: { question: string; answer: string }[]): string {
  return renderStatic(<FaqList faqs={faqs} />);
}

/** The demo page's voice agent panel: links and text only (decision 145). */
export function voiceAgentHtml(voiceAgent: typeof VoiceAgentText, headingId: string): string {
  return renderStatic(<VoiceAgentPanel headingId={headingId} voiceAgent={voiceAgent} />);
}

/** The 'Most Popular' mark of a package card on `/pricing` (decision 145). */
export function popularBadgeHtml(): string {
  return renderStatic(<Badge size="lg">Most Popular</Badge>);
}
