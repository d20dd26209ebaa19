import { describe, expect, it } from "vitest";
import { navCrumb } from "~/content/breadcrumbs";
import { publicPaths } from "~/content/public-paths";
import { services } from "~/content/services";
import { type SiteConfig, site } from "~/content/site";
import {
  breadcrumbStructuredData,
  homeStructuredData,
  type JsonLdNode,
  organization,
  professionalService,
  serializeJsonLd,
  serviceStructuredData,
} from "./structured-data";

const testSite: SiteConfig = {
  ...site,
  name: "Test Agency",
  legalName: "Test Agency (Pty) Ltd",
  phone: "+27 11 000 1234",
  phoneE164: "+27110001234",
  email: "hi@test.example",
  url: "https://test.example",
};

describe("organization", () => {
  it("names the agency with its URL, logo, +27 phone, e-mail and postal address", () => {
    const org = organization(testSite);
    expect(org).toMatchObject({
      "@type": "Organization",
      "@id": "https://test.example/#organization",
      name: "Test Agency",
      legalName: "Test Agency (Pty) Ltd",
      url: "https://test.example/",
      logo: { "@type": "ImageObject", url: "https://test.example/logo.png" },
      telephone: "+27110001234",
      email: "hi@test.example",
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        addressLocality: site.address.city,
        addressRegion: site.address.province,
        postalCode: site.address.postalCode,
        addressCountry: "ZA",
      },
      areaServed: { "@type": "Country", name: "South Africa" },
    });
  });

  it("uses the E.164 form of the default site's phone", () => {
    expect(organization().telephone).toBe(site.phoneE164);
    expect(site.phoneE164).toMatch(/^\+27\d{9}$/);
  });
});

describe("professionalService", () => {
  it("is open Monday to Friday, 08:00-17:00, serves South Africa and belongs to the organization", () => {
    const business = professionalService(testSite);
    expect(business).toMatchObject({
      "@type": "ProfessionalService",
      name: "Test Agency",
      url: "https://test.example/",
      telephone: "+27110001234",
      email: "hi@test.example",
      address: { "@type": "PostalAddress", addressCountry: "ZA" },
      areaServed: { "@type": "Country", name: "South Africa" },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "08:00",
          closes: "17:00",
        },
      ],
      parentOrganization: { "@id": "https://test.example/#organization" },
    });
    expect(business.geo).toMatchObject({ "@type": "GeoCoordinates" });
  });
});

describe("homeStructuredData", () => {
  it("is a schema.org graph of the Organization and the ProfessionalService", () => {
    const data = homeStructuredData(testSite);
    expect(data["@context"]).toBe("https://schema.org");
    const graph = data["@graph"] as JsonLdNode[];
    expect(graph.map((n) => n["@type"])).toEqual(["Organization", "ProfessionalService"]);
  });
});

describe("serviceStructuredData", () => {
  it("describes each service, provided by the organization, in South Africa", () => {
    for (const service of services) {
      const data = serviceStructuredData(service, testSite);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Service",
        name: service.title,
        description: service.description,
        url: `https://test.example${service.link}`,
        provider: { "@type": "Organization", name: "Test Agency", telephone: "+27110001234" },
        areaServed: { "@type": "Country", name: "South Africa" },
      });
    }
  });
});

describe("breadcrumbStructuredData", () => {
  it("starts at Home and numbers absolute items from 1", () => {
    const data = breadcrumbStructuredData(
      [
        { label: "Services", to: "/services" },
        { label: "AI Services", to: "/services/ai" },
      ],
      testSite,
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://test.example/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Services",
          item: "https://test.example/services",
        },
        {
          "@type": "ListItem",
          position: 3,
          name: "AI Services",
          item: "https://test.example/services/ai",
        },
      ],
    });
  });
});

describe("navCrumb", () => {
  it("names main and legal pages as their navigation does", () => {
    expect(navCrumb("/case-studies")).toEqual({ label: "Case Studies", to: "/case-studies" });
    expect(navCrumb("/legal/privacy")).toEqual({ label: "Privacy Policy", to: "/legal/privacy" });
  });

  it("has a crumb for every public page that is not a service or case study detail", () => {
    for (const path of publicPaths.filter((p) => !/^\/(services|case-studies)\/./.test(p))) {
      expect(navCrumb(path).to).toBe(path);
    }
  });

  it("refuses an unknown path", () => {
    expect(() => navCrumb("/nope")).toThrow(/No navigation entry/);
  });
});

describe("serializeJsonLd", () => {
  it("escapes < so a value cannot close the script element", () => {
    const json = serializeJsonLd({
      "@context": "https://schema.org",
      name: "</script><script>alert(1)</script><!--",
    });
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script><!--");
  });
});
