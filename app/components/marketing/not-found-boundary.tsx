import { isRouteErrorResponse } from "react-router";
import { NotFound } from "~/components/not-found";

/** Meta for a detail page whose slug is unknown. */
export const notFoundMeta = [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

/**
 * Error boundary body for a detail route: a 404 renders the not-found page inside the marketing
 * layout (and lets the route's `meta` set the title); anything else goes to the parent boundary.
 */
export function NotFoundBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
