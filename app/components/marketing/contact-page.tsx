import { hydrateOnUse } from "~/components/hydrate-on-use";
import { JsonLd } from "~/components/json-ld";
import type { ContactSectionsHtml } from "~/components/marketing/contact-details";
import { MapEmbed } from "~/components/marketing/map-embed";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { StaticHtml } from "~/components/static-html";
import { contactPage } from "~/content/contact-page";

/** The page's two forms load their code when first used (decision 113). */
const ContactForm = hydrateOnUse(() =>
  import("~/components/marketing/contact-form").then((m) => m.ContactForm),
);
const EraseDetailsForm = hydrateOnUse(() =>
  import("~/components/marketing/erase-details-form").then((m) => m.EraseDetailsForm),
);

/**
 * The page; `/contact/map` shows it with the map already open ('Show map' without JavaScript).
 * Its loader's data (`contactPageData`): the BreadcrumbList, and the HTML of the parts with no
 * state or handlers (the details, 'Schedule a Demo', the map's picture), so their code is not
 * in the page's JavaScript (decisions 017, 118).
 */
export function ContactPage({
  mapShown,
  breadcrumbs,
  html,
}: {
  mapShown: boolean;
  breadcrumbs: string;
  html: ContactSectionsHtml;
}) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={contactPage.title} intro={contactPage.intro} />

      <Section>
        <Container className="grid gap-10 lg:grid-cols-5">
          <div className="flex flex-col gap-8 lg:col-span-2">
            <StaticHtml html={html.details} className="contents" />
            <StaticHtml html={html.schedule} className="contents" />

            <section aria-labelledby="your-details-heading" className="rounded-xl border p-6">
              <h2 id="your-details-heading" className="text-xl font-bold tracking-tight">
                Your details
              </h2>
              <p className="mt-2 mb-4 text-sm text-muted-foreground">
                Sent us a message or a quote request and want it deleted? Give the e-mail address
                you used: we send it a link to confirm.
              </p>
              <EraseDetailsForm />
            </section>
          </div>

          <section
            aria-labelledby="form-heading"
            className="rounded-xl border bg-card p-6 shadow-sm md:p-8 lg:col-span-3"
          >
            <h2 id="form-heading" className="text-2xl font-bold tracking-tight">
              {contactPage.formTitle}
            </h2>
            <p className="mt-2 mb-6 text-muted-foreground">{contactPage.formIntro}</p>
            <ContactForm />
          </section>
        </Container>
      </Section>

      <Section className="bg-muted/40" aria-labelledby="map-heading">
        <Container>
          <h2 id="map-heading" className="text-3xl font-bold tracking-tight">
            {contactPage.mapTitle}
          </h2>
          <p className="mt-2 mb-6 text-muted-foreground">{contactPage.mapIntro}</p>
          <MapEmbed shown={mapShown} picture={html.mapPicture} />
        </Container>
      </Section>
      <JsonLd json={breadcrumbs} />
    </main>
  );
}
