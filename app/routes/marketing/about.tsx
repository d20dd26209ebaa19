import { JsonLd } from "~/components/json-ld";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, PageHero, Section, SectionHeading } from "~/components/marketing/section";
import { aboutPage, stats, values } from "~/content/about";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/about";

export const meta = () =>
  pageMeta({
    title: "About Us: Our Mission and Values",
    description: `Meet ${site.name}, a Cape Town team making AI and automation practical, affordable and POPIA-compliant for South African businesses. 500+ projects delivered.`,
    path: "/about",
  });

/** The page's breadcrumb trail for search engines, built here, not in its JavaScript. */
export function loader() {
  return { breadcrumbs: navBreadcrumbJsonLd("/about") };
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={aboutPage.title} intro={aboutPage.intro} />

      <Section aria-labelledby="mission-heading">
        <Container className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="mission-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
              {aboutPage.missionTitle}
            </h2>
            <p className="mt-6 border-l-4 border-primary pl-6 text-xl leading-relaxed font-medium">
              {aboutPage.mission}
            </p>
          </div>
          <div className="space-y-4 text-lg leading-relaxed text-muted-foreground">
            {aboutPage.story.map((para) => (
              <p key={para}>{para}</p>
            ))}
          </div>
        </Container>
      </Section>

      <Section className="bg-band text-band-foreground" aria-labelledby="stats-heading">
        <Container>
          <h2 id="stats-heading" className="mb-12 text-center text-3xl font-bold tracking-tight">
            {aboutPage.statsTitle}
          </h2>
          <dl className="grid gap-10 text-center sm:grid-cols-3">
            {stats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse gap-2">
                <dt className="text-lg opacity-90">{s.label}</dt>
                <dd className="text-5xl font-extrabold tracking-tight">{s.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </Section>

      <Section aria-labelledby="values-heading">
        <Container>
          <SectionHeading
            id="values-heading"
            title={aboutPage.valuesTitle}
            intro={aboutPage.valuesIntro}
          />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border bg-card p-6 text-center shadow-sm">
                <span className="mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </Section>

      <CtaSection
        title={aboutPage.ctaTitle}
        text={aboutPage.ctaText}
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "View Case Studies", to: "/case-studies" }}
      />
      <JsonLd json={loaderData.breadcrumbs} />
    </main>
  );
}
