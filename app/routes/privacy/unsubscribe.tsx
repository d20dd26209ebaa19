import { Form } from "react-router";
import { Container, PageHero } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { UNSUBSCRIBE_LINK_INVALID } from "~/lib/validation/privacy";
import { readForm } from "~/server/portal/portal.server";
import { unsubscribe, unsubscribeLinkEmail } from "~/server/privacy/privacy-forms.server";
import type { Route } from "./+types/unsubscribe";

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

export async function action({ request }: Route.ActionArgs) {
  return unsubscribe(await readForm(request));
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title="Unsubscribe" intro="Marketing e-mail is always your choice." />
      <Container width="narrow" className="space-y-4 py-12">
        {actionData && "success" in actionData ? (
          <p role="status" className="text-lg">
            {actionData.success}
          </p>
        ) : !email || (actionData && "error" in actionData) ? (
          <p role="alert" className="text-lg">
            {UNSUBSCRIBE_LINK_INVALID}
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <p>
              Stop sending marketing e-mail to <strong>{email}</strong>? E-mail about your enquiries
              and your account still arrives.
            </p>
            <input type="hidden" name="token" value={token} />
            <Button type="submit">Unsubscribe</Button>
          </Form>
        )}
      </Container>
    </main>
  );
}
