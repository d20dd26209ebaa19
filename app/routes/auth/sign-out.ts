import { redirect } from "react-router";
import { signOut } from "~/server/accounts.server";
import type { Route } from "./+types/sign-out";

export async function action({ request }: Route.ActionArgs) {
  const result = await signOut(request);
  const headers = result.ok ? result.headers : new Headers();
  // Whatever the auth server said, the browser forgets its session cookie.
  headers.append(
    "Set-Cookie",
    "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
  );
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
