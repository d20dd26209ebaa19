import { Check } from "lucide-react";
import { data, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { Breadcrumbs } from "~/components/marketing/breadcrumbs";
import { CtaSection } from "~/components/marketing/cta-section";
import { NumberedSteps } from "~/components/marketing/numbered-steps";
import { Container, Section, SectionHeading } from "~/components/marketing/section";
import { faqHtml } from "~/components/marketing/static-sections.server";
import { NotFound } from "~/components/not-found";
import { StaticHtml } from "~/components/static-html";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { navCrumb } from "~/content/breadcrumbs";
import { serviceDetails } from "~/content/service-details";
import { getService, services } from "~/content/services";
import { servicesPage } from "~/content/services-page";
import { site } from "~/content/site";
import { notFoundMeta, pageMeta } from "~/lib/seo";
import { serializeJsonLd, serviceStructuredData } from "~/lib/structured-data";
import type { Route } from "./+types/service-detail";

/** The service's text comes with the page's data, not in its JavaScript (issue 38). */
export function loader({ params }: Route.LoaderArgs) {
  const service = getService(params.service);
  if (!service) throw data(null, { status: 404 });
  const { detailOutcomesTitle, detailFeaturesTitle, detailProcessTitle, detailFaqTitle } =
    servicesPage;
  const detail = serviceDetails[service.slug];
  return {
    detail,
    /** The questions as HTML: no script of the page's first load draws them (decision 145). */
    faqHtml: faqHtml(detail.faqs),
    titles: { detailOutcomesTitle, detailFeaturesTitle, detailProcessTitle, detailFaqTitle },
    jsonLd: serializeJsonLd(serviceStructuredData(service)),
  };
}

export function meta({ params, loaderData }: Route.MetaArgs) {
  const service = getService(params.service);
  if (!service || !loaderData) return notFoundMeta;
  return pageMeta({
    title: `${service.title}: ${loaderData.detail.headline}`,
    description: `${service.description} ${site.name}, South Africa.`,
    path: service.link,
  });
}

export default function ServiceDetail({
  params,
  loaderData: { detail, faqHtml, titles, jsonLd },
}: Route.ComponentProps) {
  const service = getService(params.service);
  if (!service) return <NotFound />;
  const Icon = service.icon;
  const others = services.filter((s) => s.slug !== service.slug);

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <section className="border-b bg-gradient-to-b from-accent/60 to-background py-16 md:py-20">
        <Container width="text" className="text-center">
          <Breadcrumbs
            items={[navCrumb("/services"), { label: service.title, to: service.link }]}
          />
          <span className="mb-4 inline-flex size-14 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Icon className="size-7" aria-hidden />
          </span>
          <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{service.title}</h1>
          <p className="mt-4 text-2xl font-semibold text-primary">{detail.headline}</p>
          <p className="mt-5 text-lg text-muted-foreground md:text-xl">{detail.intro}</p>
        </Container>
      </section>

      <Section aria-labelledby="outcomes-heading">
        <Container>
          <SectionHeading id="outcomes-heading" title={titles.detailOutcomesTitle} />
          <ul className="grid gap-6 md:grid-cols-3">
            {detail.outcomes.map((o) => (
              <li key={o.title}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle>{o.title}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-muted-foreground">{o.text}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </Container>
      </Section>

      <Section className="bg-muted/40" aria-labelledby="features-heading">
        <Container className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
              {titles.detailFeaturesTitle}
            </h2>
            <ul className="mt-6 space-y-3">
              {service.features.map((f) => (
                <li key={f} className="flex gap-3">
                  <Check className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
                  <span className="text-lg">{f}</span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-3xl font-bold tracking-tight">{titles.detailProcessTitle}</h2>
            <NumberedSteps
              steps={detail.process.map((p) => ({ title: p.step, text: p.text }))}
              className="mt-6"
            />
          </div>
        </Container>
      </Section>

      <Section aria-labelledby="faq-heading">
        <Container width="narrow">
          <SectionHeading id="faq-heading" title={titles.detailFaqTitle} />
          <StaticHtml html={faqHtml} />
        </Container>
      </Section>

      <Section className="border-t pt-12 md:pt-16" aria-labelledby="other-heading">
        <Container>
          <h2 id="other-heading" className="mb-6 text-center text-2xl font-bold tracking-tight">
            Explore Our Other Services
          </h2>
          <ul className="flex flex-wrap justify-center gap-3">
            {others.map((s) => (
              <li key={s.slug}>
                <Link
                  to={s.link}
                  className="inline-flex items-center rounded-full border px-4 py-2 font-medium hover:bg-accent"
                >
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </Container>
      </Section>

      <CtaSection
        title={`Ready to Get Started with ${service.title}?`}
        text="Book a free 30-minute consultation. We'll look at how you work today and show you what this could do for your business."
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "View Pricing", to: "/pricing" }}
      />
      <JsonLd json={jsonLd} />
    </main>
  );
}
