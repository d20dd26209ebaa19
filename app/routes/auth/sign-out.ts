import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOut } from "./accounts.server";

export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: await signOut(request) });
}

export function loader() {
  return redirect("/");
}
