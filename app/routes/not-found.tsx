import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { notFoundMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404: ${pathname}`);
  return data(null, { status: 404 });
}

/**
 * A form posted to an address that does not exist is the same not-found page (404), not React
 * Router's 405 for a route without an action: the address is what is wrong, not the method.
 */
export function action() {
  // The loader, which runs after it, logs the address.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => notFoundMeta;

export default function NotFoundRoute() {
  return <NotFound />;
}
