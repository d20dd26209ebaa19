import { redirect } from "react-router";
import { signOut } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/sign-out";

export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: await signOut(request) });
}

export function loader() {
  return redirect("/");
}
