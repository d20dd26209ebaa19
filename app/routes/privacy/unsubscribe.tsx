import { SignedLinkPage } from "~/components/marketing/signed-link-page";
import { Button } from "~/components/ui/button";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { pageMeta } from "~/lib/seo";
import { UNSUBSCRIBE_LINK_INVALID } from "~/lib/validation/privacy-values";
import { readForm } from "../form.server";
import type { Route } from "./+types/unsubscribe";
import { unsubscribe, unsubscribeLinkEmail } from "./privacy-forms.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Unsubscribe",
    description: "Stop marketing e-mail from us.",
    path: "/privacy/unsubscribe",
    noindex: true,
  });

/** The link in every marketing e-mail (privacy.server.ts marketingMailFooter). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token ?? "", email: unsubscribeLinkEmail(token) };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  return unsubscribe(await readForm(request));
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  return (
    <SignedLinkPage
      title="Unsubscribe"
      intro="Marketing e-mail is always your choice."
      email={email}
      token={token}
      answer={actionData}
      invalidText={UNSUBSCRIBE_LINK_INVALID}
      question={
        <>
          Stop sending marketing e-mail to <strong>{email}</strong>? E-mail about your enquiries and
          your account still arrives.
        </>
      }
      button={<Button type="submit">Unsubscribe</Button>}
    />
  );
}
