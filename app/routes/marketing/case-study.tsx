import { Quote } from "lucide-react";
import { data, Link } from "react-router";
import { Breadcrumbs } from "~/components/marketing/breadcrumbs";
import { CaseStudyResults } from "~/components/marketing/case-study-results";
import { CtaSection } from "~/components/marketing/cta-section";
import { NumberedSteps } from "~/components/marketing/numbered-steps";
import { Container, Section } from "~/components/marketing/section";
import { navCrumb } from "~/content/breadcrumbs";
import { caseStudies, caseStudiesPage, getCaseStudy } from "~/content/case-studies";
import { getService } from "~/content/services";
import { site } from "~/content/site";
import { notFoundMeta, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/case-study";

/** The study's text comes with the page's data, not in its JavaScript (issue 38). */
export function loader({ params }: Route.LoaderArgs) {
  const study = getCaseStudy(params.slug);
  if (!study) throw data(null, { status: 404 });
  return {
    study,
    page: caseStudiesPage,
    services: study.services.flatMap((slug) => {
      const service = getService(slug);
      return service ? [{ slug, link: service.link, title: service.title }] : [];
    }),
    others: caseStudies
      .filter((c) => c.slug !== study.slug)
      .map(({ slug, industry, title, summary }) => ({ slug, industry, title, summary })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const study = loaderData?.study;
  if (!study) return notFoundMeta;
  return pageMeta({
    title: `${study.title} Case Study: ${study.client}`,
    description: `${study.summary} Read how ${site.name} delivered it, step by step, with the results.`,
    path: `/case-studies/${study.slug}`,
  });
}

export default function CaseStudyPage({
  loaderData: { study, page, services, others },
}: Route.ComponentProps) {
  const { story } = study;
  const facts = [
    { term: "Client", value: study.client },
    { term: "Industry", value: study.industry },
    { term: "Location", value: study.location },
    { term: "Project length", value: study.duration },
  ];

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <section className="border-b bg-gradient-to-b from-accent/60 to-background py-16 md:py-20">
        <Container width="text" className="text-center">
          <Breadcrumbs
            items={[
              navCrumb("/case-studies"),
              { label: study.title, to: `/case-studies/${study.slug}` },
            ]}
          />
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {study.client}
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight md:text-5xl">{study.title}</h1>
          <p className="mt-5 text-lg text-muted-foreground md:text-xl">{study.summary}</p>
        </Container>
      </section>

      <Section className="pb-0 md:pb-0">
        <Container className="grid gap-10 lg:grid-cols-3">
          <img
            src={study.image.src}
            width={study.image.width}
            height={study.image.height}
            alt={study.image.alt}
            fetchPriority="high"
            className="h-auto w-full rounded-xl border bg-muted lg:col-span-2"
          />
          <aside
            aria-labelledby="facts-heading"
            className="rounded-xl border bg-card p-6 shadow-sm"
          >
            <h2 id="facts-heading" className="text-lg font-semibold">
              At a glance
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              {facts.map((f) => (
                <div key={f.term}>
                  <dt className="font-semibold">{f.term}</dt>
                  <dd className="text-muted-foreground">{f.value}</dd>
                </div>
              ))}
              <div>
                <dt className="font-semibold">Services</dt>
                <dd>
                  <ul className="flex flex-wrap gap-2 pt-1">
                    {services.map((service) => (
                      <li key={service.slug}>
                        <Link to={service.link} className="text-primary hover:underline">
                          {service.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-muted-foreground">{study.clientDescription}</p>
          </aside>
        </Container>
      </Section>

      <Section>
        <Container width="narrow" className="space-y-14">
          <section aria-labelledby="background-heading">
            <h2 id="background-heading" className="text-3xl font-bold tracking-tight">
              Background
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed text-foreground/90">
              {story.background.map((para) => (
                <p key={para}>{para}</p>
              ))}
            </div>
          </section>

          <section aria-labelledby="challenge-heading">
            <h2 id="challenge-heading" className="text-3xl font-bold tracking-tight">
              The Challenge
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-foreground/90">{study.challenge}</p>
          </section>

          <section aria-labelledby="approach-heading">
            <h2 id="approach-heading" className="text-3xl font-bold tracking-tight">
              Our Approach
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-foreground/90">{study.solution}</p>
            <NumberedSteps steps={story.approach} size="lg" className="mt-8" />
          </section>

          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="text-3xl font-bold tracking-tight">
              The Results
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-foreground/90">{story.outcome}</p>
            <CaseStudyResults results={study.results} size="lg" className="mt-8" />
          </section>

          <figure className="rounded-xl border-l-4 border-primary bg-accent/50 p-8">
            <Quote className="mb-4 size-8 text-primary" aria-hidden />
            <blockquote className="text-xl leading-relaxed font-medium">
              <p>{story.quote.text}</p>
            </blockquote>
            <figcaption className="mt-6">
              <span className="block font-semibold">{story.quote.name}</span>
              <span className="text-sm text-muted-foreground">{story.quote.role}</span>
            </figcaption>
          </figure>
        </Container>
      </Section>

      <Section className="border-t bg-muted/40" aria-labelledby="more-heading">
        <Container>
          <h2 id="more-heading" className="mb-8 text-center text-2xl font-bold tracking-tight">
            More Case Studies
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {others.map((c) => (
              <li key={c.slug} className="rounded-lg border bg-card p-6 shadow-sm">
                <p className="text-sm text-muted-foreground">{c.industry}</p>
                <h3 className="mt-1 text-lg font-semibold">
                  <Link to={`/case-studies/${c.slug}`} className="hover:underline">
                    {c.title}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{c.summary}</p>
              </li>
            ))}
          </ul>
        </Container>
      </Section>

      <CtaSection
        title={page.ctaTitle}
        text={page.ctaText}
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "All Case Studies", to: "/case-studies" }}
      />
    </main>
  );
}
