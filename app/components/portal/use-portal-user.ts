import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/portal/layout";

function useLayoutData() {
  const loaderData = useRouteLoaderData<typeof loader>("routes/portal/layout");
  if (!loaderData) throw new Error("usePortalUser must be used inside the portal");
  return loaderData;
}

/** The signed-in user, from the portal layout's data, for pages and components inside it. */
export function usePortalUser() {
  return useLayoutData().user;
}

/**
 * Whether this portal may be written to: not while an administrator views it as a client
 * (decision 018; the server refuses those writes anyway). Pages hide their write controls.
 */
export function useReadOnly(): boolean {
  return useLayoutData().readOnly;
}
