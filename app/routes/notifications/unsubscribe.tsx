import { SignedLinkPage } from "~/components/marketing/signed-link-page";
import { Button } from "~/components/ui/button";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LINK_INVALID,
  NOTIFICATION_UNSUBSCRIBE_PATH,
} from "~/lib/notification-kinds";
import { pageMeta } from "~/lib/seo";
import { getDb } from "~/server/db/client.server";
import {
  readUnsubscribeToken,
  unsubscribeFromKind,
} from "~/server/notifications/notification-mail.server";
import { readForm } from "../form.server";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Stop these e-mails",
    description: "Stop one kind of notification e-mail.",
    path: NOTIFICATION_UNSUBSCRIBE_PATH,
    noindex: true,
  });

/** The link in every notification mail (decision 057). Opening it changes nothing. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const named = readUnsubscribeToken(token);
  return { token, label: named ? NOTIFICATION_KINDS[named.kind].label : null };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

/**
 * The button on the page, or a mail program's one-click POST (RFC 8058: the token in the URL,
 * `List-Unsubscribe=One-Click` in the body, no cookies).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = form.token ?? new URL(request.url).searchParams.get("token");
  const named = readUnsubscribeToken(token);
  if (!named) return failed(400, NOTIFICATION_LINK_INVALID);
  await unsubscribeFromKind(await getDb(), named.userId, named.kind);
  const label = NOTIFICATION_KINDS[named.kind].label;
  return succeeded(
    `You will get no more e-mails for '${label}'. You still see them in the portal; change it in Settings → Notifications.`,
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, label } = loaderData;
  const answer = actionData
    ? actionData.ok
      ? { success: actionData.success }
      : { error: actionData.error }
    : undefined;
  return (
    <SignedLinkPage
      title="Stop these e-mails"
      intro="Which notifications reach you by e-mail is your choice."
      email={label}
      token={token}
      answer={answer}
      invalidText={NOTIFICATION_LINK_INVALID}
      question={
        <>
          Stop e-mails for <strong>{label}</strong>? You still see these notifications in the
          portal.
        </>
      }
      button={<Button type="submit">Stop these e-mails</Button>}
    />
  );
}
