import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/portal/layout";

/** The signed-in user, from the portal layout's data, for pages and components inside it. */
export function usePortalUser() {
  const loaderData = useRouteLoaderData<typeof loader>("routes/portal/layout");
  if (!loaderData) throw new Error("usePortalUser must be used inside the portal");
  return loaderData.user;
}
