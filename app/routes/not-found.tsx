import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { notFoundMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404: ${pathname}`);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => notFoundMeta;

export default function NotFoundRoute() {
  return <NotFound />;
}
