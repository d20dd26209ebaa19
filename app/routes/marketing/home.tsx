import { ArrowRight, Clock, ShieldCheck, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, Section, SectionHeading } from "~/components/marketing/section";
import { ServiceCard } from "~/components/marketing/service-card";
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

const reasons = [
  {
    icon: TrendingUp,
    title: "Measurable results",
    text: "Every project starts with a baseline and ends with the hours, rand and response times it saved.",
  },
  {
    icon: ShieldCheck,
    title: "POPIA-ready",
    text: "Personal information is handled lawfully, securely and only for the purpose you collected it for.",
  },
  {
    icon: Clock,
    title: "Live in weeks",
    text: "Focused first releases go live in two to six weeks, then improve month by month.",
  },
];

/** Built on the server (and at prerender), so the builders stay out of the page's JavaScript. */
export function loader() {
  return { structuredData: serializeJsonLd(homeStructuredData()) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <section className="relative overflow-hidden border-b bg-gradient-to-br from-accent via-background to-background">
        <Container className="py-20 text-center md:py-28">
          <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-primary">
            {site.tagline}
          </p>
          <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight md:text-6xl">
            Transform Your Business with AI & Automation
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground md:text-xl">
            We build AI chatbots, workflow automations, voice agents and websites that answer your
            customers, remove busywork and grow your revenue.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
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
        </Container>
      </section>

      <Section aria-labelledby="services-heading">
        <Container>
          <SectionHeading
            id="services-heading"
            title="What We Do"
            intro="Four services that work on their own or together, built around the way your business already runs."
          />
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </div>
        </Container>
      </Section>

      <Section className="bg-muted/40" aria-labelledby="why-heading">
        <Container>
          <SectionHeading id="why-heading" title={`Why ${site.name}`} />
          <ul className="grid gap-8 md:grid-cols-3">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="text-center">
                <span className="mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
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
        title="Ready to Transform Your Business?"
        text="Tell us what slows your team down. We'll show you what AI and automation can do about it in a free 30-minute consultation."
        primary={{ label: "Book a Demo", to: "/contact" }}
        secondary={{ label: "View Pricing", to: "/pricing" }}
      />
      <JsonLd json={loaderData.structuredData} />
    </main>
  );
}
