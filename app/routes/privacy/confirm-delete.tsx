import { Form } from "react-router";
import { Container, PageHero } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { ERASE_LINK_INVALID } from "~/lib/validation/privacy";
import { readForm } from "~/server/portal/portal.server";
import { confirmEraseDetails, eraseLinkEmail } from "~/server/privacy/privacy-forms.server";
import type { Route } from "./+types/confirm-delete";

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

export async function action({ request }: Route.ActionArgs) {
  return confirmEraseDetails(await readForm(request));
}

export default function ConfirmDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero
        title="Delete my details"
        intro="Your contact messages and quote requests, and the e-mails about them."
      />
      <Container width="narrow" className="space-y-4 py-12">
        {actionData && "success" in actionData ? (
          <p role="status" className="text-lg">
            {actionData.success}
          </p>
        ) : !email || (actionData && "error" in actionData) ? (
          <p role="alert" className="text-lg">
            {ERASE_LINK_INVALID}
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <p>
              Delete every contact message and quote request sent from <strong>{email}</strong>, and
              the e-mails about them? This cannot be undone.
            </p>
            <input type="hidden" name="token" value={token} />
            <Button type="submit" variant="destructive">
              Delete my details
            </Button>
          </Form>
        )}
      </Container>
    </main>
  );
}
