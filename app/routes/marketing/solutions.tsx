import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { IndustryCard } from "~/components/marketing/industry-card";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { industryArtHtml } from "~/components/marketing/static-sections.server";
import { Button } from "~/components/ui/button";
import { industries, industriesPage } from "~/content/industries";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/solutions";

export const meta = () =>
  pageMeta({
    title: "AI & Automation Solutions by Industry",
    description: `${site.name} builds AI and automation for retail and e-commerce, financial services, healthcare, education, professional services and real estate in South Africa.`,
    path: "/solutions",
  });

/** The cards' illustrations, drawn at prerender so they cost no JavaScript (decision 017). */
export function loader() {
  return {
    breadcrumbs: navBreadcrumbJsonLd("/solutions"),
    art: industryArtHtml(),
  };
}

export default function Solutions({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={industriesPage.title} intro={industriesPage.intro} />

      <Section>
        <Container>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {industries.map((industry) => (
              <li key={industry.slug}>
                <IndustryCard industry={industry} art={loaderData.art[industry.slug]} />
              </li>
            ))}
          </ul>
        </Container>
      </Section>

      <Section className="bg-muted/40" aria-labelledby="other-industry-heading">
        <Container width="narrow" className="text-center">
          <h2 id="other-industry-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
            {industriesPage.otherTitle}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{industriesPage.otherText}</p>
          {/* Default size: the large one is wider than a 320 px screen with this label. */}
          <Button asChild className="mt-8">
            <Link to="/contact">
              {industriesPage.otherCta}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </Container>
      </Section>
      <JsonLd json={loaderData.breadcrumbs} />
    </main>
  );
}
