import { useSearchParams } from "react-router";
import { hydrateOnUse } from "~/components/hydrate-on-use";
import { JsonLd } from "~/components/json-ld";
import { PlanCard } from "~/components/marketing/plan-card";
import { Container, PageHero, Section, SectionHeading } from "~/components/marketing/section";
import { faqHtml, popularBadgeHtml } from "~/components/marketing/static-sections.server";
import { StaticHtml } from "~/components/static-html";
import { packages, pricingFaqs, pricingPage } from "~/content/packages";
import { site } from "~/content/site";
import { formatRand } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/pricing";
import { handleLeadForm } from "./lead-form.server";

/** The quote form's code loads when it is first used (decision 113). */
const QuoteForm = hydrateOnUse(() =>
  import("~/components/marketing/quote-form").then((m) => m.QuoteForm),
);

/**
 * The packages' and questions' text comes with the page's data, not its JavaScript (issue 38);
 * the prices in rand, the 'Most Popular' mark and the questions are rendered here, so that the
 * money, badge and questions' code is not a file of the page's first load (decision 145).
 */
export function loader() {
  return {
    page: pricingPage,
    packages: packages.map((plan) => ({
      ...plan,
      monthly: plan.price.kind === "from" ? formatRand(plan.price.monthlyCents) : undefined,
    })),
    popularBadgeHtml: popularBadgeHtml(),
    faqHtml: faqHtml(pricingFaqs),
    breadcrumbs: navBreadcrumbJsonLd("/pricing"),
  };
}

/**
 * The loader's data are the page's fixed text: a form's answer never changes them, so nothing is
 * asked for again after a send (a lost connection then ends in the form's 'Error', not an error page).
 */
export function shouldRevalidate() {
  return false;
}

export const meta = () =>
  pageMeta({
    title: "Packages & Pricing",
    description: `Compare ${site.name}'s Starter, Growth and Enterprise packages for AI chatbots, automations and voice agents, with prices in rand, and request a custom quote.`,
    path: "/pricing",
  });

/** The quote form's submission (with or without JavaScript). */
export function action({ request }: { request: Request }) {
  return handleLeadForm(request, "quote");
}

/** In the browser: a request that never reaches the server still ends in 'Error' and its text. */
export async function clientAction({ serverAction }: { serverAction: () => Promise<unknown> }) {
  try {
    return await serverAction();
  } catch {
    // Said beside the form as well: the toast's code may not have arrived either (decision 143).
    // The text's module is the quote form's, which has run before any send from this page: the
    // import needs no request, and the page's first load has one file fewer (decision 145).
    const { LEAD_FORM_TEXT } = await import("~/lib/validation/lead-form-result");
    return { ok: false, error: LEAD_FORM_TEXT.quote.fallback, unsent: true };
  }
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { page, packages, popularBadgeHtml, faqHtml } = loaderData;
  // 'Get Started' (`?package=Growth#quote`) chooses the package in the form: it hydrates at once.
  const [searchParams] = useSearchParams();
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={page.title} intro={page.intro} />

      <Section aria-label="Packages">
        <Container>
          <ul className="grid items-stretch gap-8 pt-4 lg:grid-cols-3">
            {packages.map((plan) => (
              <li key={plan.name}>
                <PlanCard plan={plan} popularBadgeHtml={popularBadgeHtml} />
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center text-sm text-muted-foreground">{page.priceNote}</p>
        </Container>
      </Section>

      <Section className="bg-muted/40" aria-labelledby="quote">
        <Container width="narrow">
          <div className="mb-10 text-center">
            <h2 id="quote" className="scroll-mt-24 text-3xl font-bold tracking-tight md:text-4xl">
              {page.quoteTitle}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{page.quoteIntro}</p>
          </div>
          <div className="rounded-xl border bg-card p-6 shadow-sm md:p-8">
            <QuoteForm now={searchParams.has("package")} />
          </div>
        </Container>
      </Section>

      <Section aria-labelledby="pricing-faq-heading">
        <Container width="narrow">
          <SectionHeading id="pricing-faq-heading" title="Pricing Questions" />
          <StaticHtml html={faqHtml} />
        </Container>
      </Section>
      <JsonLd json={loaderData.breadcrumbs} />
    </main>
  );
}
