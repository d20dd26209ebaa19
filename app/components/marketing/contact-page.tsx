import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { hydrateOnUse } from "~/components/hydrate-on-use";
import { BreadcrumbData } from "~/components/marketing/breadcrumbs";
import { MapEmbed } from "~/components/marketing/map-embed";
import { ScheduleDemo } from "~/components/marketing/schedule-demo";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { navCrumb } from "~/content/breadcrumbs";
import { contactPage } from "~/content/contact-page";
import { formatAddress, site } from "~/content/site";

/** The page's two forms load their code when first used (decision 113). */
const ContactForm = hydrateOnUse(() =>
  import("~/components/marketing/contact-form").then((m) => m.ContactForm),
);
const EraseDetailsForm = hydrateOnUse(() =>
  import("~/components/marketing/erase-details-form").then((m) => m.EraseDetailsForm),
);

const details = [
  { icon: Phone, label: "Phone", value: site.phone, href: `tel:${site.phoneE164}` },
  { icon: Mail, label: "Email", value: site.email, href: `mailto:${site.email}` },
  { icon: MapPin, label: "Address", value: `${formatAddress()}, ${site.address.country}` },
  { icon: Clock, label: "Office hours", value: site.hours },
];

/** The page; `/contact/map` shows it with the map already open ('Show map' without JavaScript). */
export function ContactPage({ mapShown }: { mapShown: boolean }) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={contactPage.title} intro={contactPage.intro} />

      <Section>
        <Container className="grid gap-10 lg:grid-cols-5">
          <div className="flex flex-col gap-8 lg:col-span-2">
            <section aria-labelledby="details-heading">
              <h2 id="details-heading" className="text-2xl font-bold tracking-tight">
                {contactPage.detailsTitle}
              </h2>
              <address className="mt-6 not-italic">
                <dl className="space-y-5">
                  {details.map(({ icon: Icon, label, value, href }) => (
                    <div key={label} className="relative min-h-11 pl-15">
                      <dt className="font-semibold">
                        <span className="absolute top-0 left-0 inline-flex size-11 items-center justify-center rounded-lg bg-accent text-primary">
                          <Icon className="size-5" aria-hidden />
                        </span>
                        {label}
                      </dt>
                      <dd className="text-muted-foreground">
                        {href ? (
                          <a href={href} className="text-primary hover:underline">
                            {value}
                          </a>
                        ) : (
                          value
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              </address>
            </section>

            <ScheduleDemo />

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
          <MapEmbed shown={mapShown} />
        </Container>
      </Section>
      <BreadcrumbData items={[navCrumb("/contact")]} />
    </main>
  );
}
