import { isRouteErrorResponse, Outlet } from "react-router";
import { SiteFooter } from "~/components/marketing/site-footer";
import { SiteHeader } from "~/components/marketing/site-header";
import { NavigationProgress } from "~/components/navigation-progress";
import { RouteError } from "~/components/route-error";
import { LazyToaster } from "~/components/ui/lazy-toaster";
import { notFoundMeta } from "~/lib/seo";
import type { Route } from "./+types/layout";

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <div className="flex-1">{children}</div>
      <SiteFooter />
      <LazyToaster />
    </div>
  );
}

export default function MarketingLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A detail page with an unknown slug (its loader throws 404) is titled 'Page not found'. */
export function meta({ error }: Route.MetaArgs) {
  return isRouteErrorResponse(error) && error.status === 404 ? notFoundMeta : [];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <RouteError error={error} area="site" />
    </Shell>
  );
}
