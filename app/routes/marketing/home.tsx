import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, Section, SectionHeading } from "~/components/marketing/section";
import { ServiceCard } from "~/components/marketing/service-card";
import { homeSectionsHtml } from "~/components/marketing/static-sections.server";
import { StaticHtml } from "~/components/static-html";
import { Button } from "~/components/ui/button";
import { services } from "~/content/services";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { homeStructuredData, serializeJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/home";

export const meta = () =>
  pageMeta({
    title: "AI & Automation Agency in South Africa",
    description: `${site.name} builds AI chatbots, workflow automations, voice agents and fast websites for South African businesses. Book a demo today.`,
    path: "/",
  });

/**
 * Built on the server (and at prerender): the structured data, and the picture and sections
 * that have no state (decision 017), so neither ships as JavaScript.
 */
export function loader() {
  return {
    structuredData: serializeJsonLd(homeStructuredData()),
    html: homeSectionsHtml(),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { html } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <section className="relative overflow-hidden border-b bg-gradient-to-br from-accent via-background to-background">
        <Container className="grid items-center gap-12 py-16 md:py-24 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
          <div className="text-center lg:text-left">
            <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-primary">
              {site.tagline}
            </p>
            <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight md:text-6xl lg:mx-0 lg:text-[3.5rem] lg:leading-[1.05]">
              Transform Your Business with AI & Automation
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground md:text-xl lg:mx-0">
              We build AI chatbots, workflow automations, voice agents and websites that answer your
              customers, remove busywork and grow your revenue.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Button asChild size="lg">
                <Link to="/contact">
                  Get Started Today
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/demo">Try Demo</Link>
              </Button>
            </div>
          </div>
          <StaticHtml html={html.heroPicture} className="w-full px-2 sm:px-6" />
        </Container>
      </section>

      <StaticHtml html={html.proof} className="contents" />

      <Section aria-labelledby="services-heading">
        <Container>
          <SectionHeading
            id="services-heading"
            title="What We Do"
            intro="Four services that work on their own or together, built around the way your business already runs."
          />
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.map((service) => (
              <ServiceCard
                key={service.slug}
                service={service}
                art={html.serviceArt[service.slug]}
              />
            ))}
          </div>
        </Container>
      </Section>

      <StaticHtml html={html.process} className="contents" />
      <StaticHtml html={html.waysIn} className="contents" />

      <CtaSection
        title="Ready to Transform Your Business?"
        text="Tell us what slows your team down. We'll show you what AI and automation can do about it in a free 30-minute consultation."
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "View Pricing", to: "/pricing" }}
      />
      <JsonLd json={loaderData.structuredData} />
    </main>
  );
}
