import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { contactPage } from "~/content/contact-page";
import { formatAddress, site } from "~/content/site";

/** The contact page's parts its loader renders to HTML (`contactPageData`, decision 118). */
export interface ContactSectionsHtml {
  details: string;
  schedule: string;
  mapPicture: string;
}

const details = [
  { icon: Phone, label: "Phone", value: site.phone, href: `tel:${site.phoneE164}` },
  { icon: Mail, label: "Email", value: site.email, href: `mailto:${site.email}` },
  { icon: MapPin, label: "Address", value: `${formatAddress()}, ${site.address.country}` },
  { icon: Clock, label: "Office hours", value: site.hours },
];

/** The contact page's 'Contact details': phone, e-mail, address and office hours. */
export function ContactDetails() {
  return (
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
  );
}
