import { JsonLd } from "~/components/json-ld";
import { CaseStudyCard } from "~/components/marketing/case-study-card";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { caseStudies, caseStudiesPage } from "~/content/case-studies";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/case-studies";

/** The studies' text comes with the page's data, not in its JavaScript (issue 38). */
export function loader() {
  return {
    page: caseStudiesPage,
    studies: caseStudies.map(({ story: _story, ...card }) => card),
    breadcrumbs: navBreadcrumbJsonLd("/case-studies"),
  };
}

export const meta = () =>
  pageMeta({
    title: "Case Studies: AI & Automation Results",
    description: `See how ${site.name} helped South African retailers, insurers, medical practices and online stores save time and grow with AI, automation and voice agents.`,
    path: "/case-studies",
  });

export default function CaseStudies({
  loaderData: { page, studies, breadcrumbs },
}: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={page.title} intro={page.intro} />

      <Section>
        <Container className="flex flex-col gap-10">
          {studies.map((study, i) => (
            <CaseStudyCard key={study.slug} study={study} eager={i === 0} reversed={i % 2 === 1} />
          ))}
        </Container>
      </Section>

      <CtaSection
        title={page.ctaTitle}
        text={page.ctaText}
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "View Pricing", to: "/pricing" }}
      />
      <JsonLd json={breadcrumbs} />
    </main>
  );
}
