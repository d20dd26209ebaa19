import { JsonLd } from "~/components/json-ld";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, PageHero, Section, SectionHeading } from "~/components/marketing/section";
import { ServiceCard } from "~/components/marketing/service-card";
import { serviceArtHtml } from "~/components/marketing/static-sections.server";
import { services } from "~/content/services";
import { servicesPage } from "~/content/services-page";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/services";

export const meta = () =>
  pageMeta({
    title: "AI, Automation, Voice Agent & Website Services",
    description: `Explore ${site.name}'s services for South African businesses: AI chatbots, workflow automation, AI voice agents and fast, accessible websites.`,
    path: "/services",
  });

/** The cards' illustrations, drawn at prerender so they cost no JavaScript (decision 017). */
export function loader() {
  return {
    breadcrumbs: navBreadcrumbJsonLd("/services"),
    art: serviceArtHtml(),
  };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={servicesPage.title} intro={servicesPage.intro} />

      <Section aria-labelledby="offer-heading">
        <Container>
          <SectionHeading id="offer-heading" title={servicesPage.gridTitle} />
          <div className="grid gap-6 md:grid-cols-2">
            {services.map((service) => (
              <ServiceCard
                key={service.slug}
                service={service}
                art={loaderData.art[service.slug]}
                showFeatures
              />
            ))}
          </div>
        </Container>
      </Section>

      <Section className="bg-muted/40" aria-labelledby="how-heading">
        <Container>
          <SectionHeading id="how-heading" title={servicesPage.howTitle} />
          <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {servicesPage.how.map((step, i) => (
              <li key={step.title} className="rounded-lg border bg-card p-6 shadow-sm">
                <span
                  className="mb-4 inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <h3 className="text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm font-medium text-primary">{step.time}</p>
                <p className="mt-2 text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </Section>

      <CtaSection
        title={servicesPage.ctaTitle}
        text={servicesPage.ctaText}
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "Try Demo", to: "/demo" }}
      />
      <JsonLd json={loaderData.breadcrumbs} />
    </main>
  );
}
