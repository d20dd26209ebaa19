/**
 * schema.org structured data (JSON-LD) for the public pages: the business on the home page, a
 * Service on each service page and a BreadcrumbList on every inner page.
 */
import { type Crumb, navCrumb } from "~/content/breadcrumbs";
import type { Service } from "~/content/services";
import { site as defaultSite, type SiteConfig } from "~/content/site";
import { logoImage, ogImage } from "~/lib/seo";

export type JsonLdNode = { "@type": string } & Record<string, unknown>;
export type JsonLdDocument = { "@context": "https://schema.org" } & Record<string, unknown>;

const context = "https://schema.org" as const;

function absolute(s: SiteConfig, path: string) {
  return `${s.url}${path}`;
}

function southAfrica(s: SiteConfig): JsonLdNode {
  return { "@type": "Country", name: s.address.country };
}

function postalAddress(s: SiteConfig): JsonLdNode {
  const a = s.address;
  return {
    "@type": "PostalAddress",
    streetAddress: a.street,
    addressLocality: a.city,
    addressRegion: a.province,
    postalCode: a.postalCode,
    addressCountry: a.countryCode,
  };
}

/** The agency as an Organization; also the `provider` of every Service. */
export function organization(s: SiteConfig = defaultSite): JsonLdNode {
  return {
    "@type": "Organization",
    "@id": absolute(s, "/#organization"),
    name: s.name,
    legalName: s.legalName,
    url: absolute(s, "/"),
    logo: {
      "@type": "ImageObject",
      url: absolute(s, logoImage.path),
      width: logoImage.width,
      height: logoImage.height,
    },
    email: s.email,
    telephone: s.phoneE164,
    address: postalAddress(s),
    areaServed: southAfrica(s),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      telephone: s.phoneE164,
      email: s.email,
      areaServed: s.address.countryCode,
      availableLanguage: ["English"],
    },
  };
}

/** The agency's office as a local ProfessionalService: address, map point and office hours. */
export function professionalService(s: SiteConfig = defaultSite): JsonLdNode {
  return {
    "@type": "ProfessionalService",
    "@id": absolute(s, "/#business"),
    name: s.name,
    description: `${s.name}: ${s.tagline}. AI chatbots, workflow automation, AI voice agents and websites.`,
    url: absolute(s, "/"),
    logo: absolute(s, logoImage.path),
    image: absolute(s, ogImage.path),
    telephone: s.phoneE164,
    email: s.email,
    address: postalAddress(s),
    geo: { "@type": "GeoCoordinates", latitude: s.map.latitude, longitude: s.map.longitude },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: s.openingHours.days,
        opens: s.openingHours.opens,
        closes: s.openingHours.closes,
      },
    ],
    areaServed: southAfrica(s),
    parentOrganization: { "@id": absolute(s, "/#organization") },
  };
}

/** The home page's graph: the Organization and its ProfessionalService. */
export function homeStructuredData(s: SiteConfig = defaultSite): JsonLdDocument {
  return { "@context": context, "@graph": [organization(s), professionalService(s)] };
}

/** A service page: the Service, provided by the agency, in South Africa. */
export function serviceStructuredData(
  service: Pick<Service, "title" | "description" | "link">,
  s: SiteConfig = defaultSite,
): JsonLdDocument {
  const url = absolute(s, service.link);
  return {
    "@context": context,
    "@type": "Service",
    "@id": `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url,
    provider: organization(s),
    areaServed: southAfrica(s),
  };
}

/** The trail to an inner page, starting at Home. */
export function breadcrumbStructuredData(
  trail: Crumb[],
  s: SiteConfig = defaultSite,
): JsonLdDocument {
  const items = [{ label: "Home", to: "/" }, ...trail];
  return {
    "@context": context,
    "@type": "BreadcrumbList",
    itemListElement: items.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.label,
      item: absolute(s, crumb.to),
    })),
  };
}

/** JSON for a <script type="application/ld+json">: no `<` can close the script early. */
export function serializeJsonLd(data: JsonLdDocument): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/**
 * The BreadcrumbList of a page in the navigation (Home, then the page), serialised. Pages build
 * it in their loader, so their JavaScript does not carry it (decision 118).
 */
export function navBreadcrumbJsonLd(path: string): string {
  return serializeJsonLd(breadcrumbStructuredData([navCrumb(path)]));
}
