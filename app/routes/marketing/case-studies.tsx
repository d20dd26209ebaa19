import { BreadcrumbData } from "~/components/marketing/breadcrumbs";
import { CaseStudyCard } from "~/components/marketing/case-study-card";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { navCrumb } from "~/content/breadcrumbs";
import { caseStudies, caseStudiesPage } from "~/content/case-studies";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({
    title: "Case Studies: AI & Automation Results",
    description: `See how ${site.name} helped South African retailers, insurers, medical practices and online stores save time and grow with AI, automation and voice agents.`,
    path: "/case-studies",
  });

export default function CaseStudies() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={caseStudiesPage.title} intro={caseStudiesPage.intro} />

      <Section>
        <Container className="flex flex-col gap-10">
          {caseStudies.map((study, i) => (
            <CaseStudyCard key={study.slug} study={study} eager={i === 0} reversed={i % 2 === 1} />
          ))}
        </Container>
      </Section>

      <CtaSection
        title={caseStudiesPage.ctaTitle}
        text={caseStudiesPage.ctaText}
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "View Pricing", to: "/pricing" }}
      />
      <BreadcrumbData items={[navCrumb("/case-studies")]} />
    </main>
  );
}
