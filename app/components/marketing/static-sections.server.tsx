/** The public pages' static HTML (pictures and sections), rendered by their loaders (decision 017). */
import { proofItems } from "~/content/home";
import { industries } from "~/content/industries";
import { services } from "~/content/services";
import { renderStatic } from "~/lib/static-markup.server";
import { IndustryArt, ServiceArt } from "./card-art";
import { HeroPicture, ProcessSection, ProofSection, WaysInSection } from "./home-sections";

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
