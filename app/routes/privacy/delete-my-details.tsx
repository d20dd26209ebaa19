import { EraseDetailsForm } from "~/components/marketing/erase-details-form";
import { Container, PageHero } from "~/components/marketing/section";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { pageMeta } from "~/lib/seo";
import { readForm } from "../form.server";
import type { Route } from "./+types/delete-my-details";
import { requestEraseDetails } from "./privacy-forms.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Delete my details",
    description: "Ask us to delete the contact messages and quote requests you sent us.",
    path: "/privacy/delete-my-details",
    noindex: true,
  });

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

/** The contact page's 'Ask us to delete my details' form posts here (with or without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  return requestEraseDetails(request, await readForm(request));
}

export default function DeleteMyDetails({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero
        title="Delete my details"
        intro="Sent us a message or a quote request? Give the e-mail address you used and we will send it a link to confirm that we should delete everything sent from it."
      />
      <Container width="narrow" className="py-12">
        <EraseDetailsForm documentResult={actionData} />
      </Container>
    </main>
  );
}
