import { ContactPage } from "~/components/marketing/contact-page";
import { contactPageData } from "~/components/marketing/static-sections.server";
import { contactPage } from "~/content/contact-page";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { handleLeadForm } from "./lead-form.server";

/**
 * `/contact`, and `/contact/map`: the same page with the map open, where 'Show map' leads before
 * the page's scripts have loaded or with JavaScript off (issue 38, point 2). One route module for
 * both (app/routes.ts), so that the page's parts are in its own file, not in one more shared by
 * the two (decision 145).
 */
const MAP_PATH = "/contact/map";

/** The trail and the static parts' HTML, built here, not in the page's JavaScript (118). */
export function loader({ request }: Route.LoaderArgs) {
  return { ...contactPageData(), mapShown: new URL(request.url).pathname.startsWith(MAP_PATH) };
}

/**
 * The loader's data are the page's fixed text: a form's answer never changes them, so nothing is
 * asked for again after a send (a lost connection then ends in the form's 'Error', not an error page).
 */
export function shouldRevalidate() {
  return false;
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData?.mapShown
    ? // Not a page of its own for search engines.
      pageMeta({
        title: "Contact Us & Book a Demo",
        description: `${contactPage.mapTitle}: ${site.name} in ${site.address.city}.`,
        path: "/contact",
        noindex: true,
      })
    : pageMeta({
        title: "Contact Us & Book a Demo",
        description: `Contact ${site.name} in ${site.address.city}: call ${site.phone}, e-mail ${site.email} or send a message. Book a free 30-minute AI and automation consultation.`,
        path: "/contact",
      });

/** The contact form's submission (with or without JavaScript). */
export function action({ request }: { request: Request }) {
  return handleLeadForm(request, "contact");
}

/** In the browser: a request that never reaches the server still ends in 'Error' and its text. */
export async function clientAction({ serverAction }: { serverAction: () => Promise<unknown> }) {
  try {
    return await serverAction();
  } catch {
    // Said beside the form as well: the toast's code may not have arrived either (decision 143).
    // The text's module is the contact form's, which has run before any send from this page: the
    // import needs no request, and the page's first load has one file fewer (decision 145).
    const { LEAD_FORM_TEXT } = await import("~/lib/validation/lead-form-result");
    return { ok: false, error: LEAD_FORM_TEXT.contact.fallback, unsent: true };
  }
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactPage {...loaderData} />;
}
