import { ContactPage } from "~/components/marketing/contact-page";
import { contactPageData } from "~/components/marketing/static-sections.server";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { LEAD_FORM_TEXT } from "~/lib/validation/lead-form-result";
import type { Route } from "./+types/contact";
import { handleLeadForm } from "./lead-form.server";

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
    description: `Contact ${site.name} in ${site.address.city}: call ${site.phone}, e-mail ${site.email} or send a message. Book a free 30-minute AI and automation consultation.`,
    path: "/contact",
  });

/** The contact form's submission (with or without JavaScript). */
export function action({ request }: { request: Request }) {
  return handleLeadForm(request, "contact");
}

/** In the browser: a request that never reaches the server still ends in the 'Error' toast. */
export async function clientAction({ serverAction }: { serverAction: () => Promise<unknown> }) {
  try {
    return await serverAction();
  } catch {
    return { success: false, error: LEAD_FORM_TEXT.contact.fallback };
  }
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactPage mapShown={false} {...loaderData} />;
}
