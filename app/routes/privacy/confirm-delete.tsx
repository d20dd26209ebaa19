import { SignedLinkPage } from "~/components/marketing/signed-link-page";
import { Button } from "~/components/ui/button";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { pageMeta } from "~/lib/seo";
import { ERASE_LINK_INVALID } from "~/lib/validation/privacy-values";
import { readForm } from "../form.server";
import type { Route } from "./+types/confirm-delete";
import { confirmEraseDetails, eraseLinkEmail } from "./privacy-forms.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Confirm the deletion of your details",
    description: "Confirm that we should delete the details you sent us.",
    path: "/privacy/delete-my-details/confirm",
    noindex: true,
  });

/** Opening the link erases nothing (mail scanners open links too): the button does. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token ?? "", email: eraseLinkEmail(token) };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  return confirmEraseDetails(await readForm(request));
}

export default function ConfirmDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  return (
    <SignedLinkPage
      title="Delete my details"
      intro="Your contact messages and quote requests, and the e-mails about them."
      email={email}
      token={token}
      answer={actionData}
      invalidText={ERASE_LINK_INVALID}
      question={
        <>
          Delete every contact message and quote request sent from <strong>{email}</strong>, and the
          e-mails about them? This cannot be undone.
        </>
      }
      button={
        <Button type="submit" variant="destructive">
          Delete my details
        </Button>
      }
    />
  );
}
