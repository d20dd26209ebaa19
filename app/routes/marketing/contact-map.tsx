import { ContactPage } from "~/components/marketing/contact-page";
import { contactPageData } from "~/components/marketing/static-sections.server";
import { contactPage } from "~/content/contact-page";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact-map";

/**
 * /contact with the map open: where 'Show map' leads before the page's scripts have loaded or
 * with JavaScript off (issue 38, point 2). Not a page of its own for search engines.
 */
/** The trail and the static parts' HTML, built here, not in the page's JavaScript (118). */
export function loader() {
  return contactPageData();
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
    title: "Contact Us & Book a Demo",
    description: `${contactPage.mapTitle}: ${site.name} in ${site.address.city}.`,
    path: "/contact",
    noindex: true,
  });

export default function ContactWithMap({ loaderData }: Route.ComponentProps) {
  return <ContactPage mapShown {...loaderData} />;
}
