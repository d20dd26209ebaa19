import { redirect } from "react-router";
import { readForm } from "../form.server";
import { badRequest } from "../refuse.server";
import type { Route } from "./+types/preferences";
import { preferenceFrom } from "./preferences.server";

/** Sets the theme or sidebar cookie from a plain form and returns to the page (issue 38). */
export async function action({ request }: Route.ActionArgs) {
  const outcome = preferenceFrom(await readForm(request));
  if (!outcome.ok) throw badRequest(outcome.message);
  return redirect(outcome.to, { status: 303, headers: { "Set-Cookie": outcome.cookie } });
}

export function loader() {
  return redirect("/");
}
