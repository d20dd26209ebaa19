import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { RouteError } from "~/components/route-error";
import { useThemeSync } from "~/components/theme-toggle";
import { useHydratedMark } from "~/lib/hydration-mark";
import { themeScript } from "~/lib/theme";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // The theme script sets class="dark" before React hydrates; React must not complain.
    <html lang="en-ZA" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, hashed by the CSP */}
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f3fb4" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* Without scripts the theme script cannot set class="dark": this stylesheet follows the
            theme cookie instead (app/lib/dark-css.ts). Never fetched when scripts run. */}
        <noscript>
          <link rel="stylesheet" href="/preferences/theme.css" />
        </noscript>
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useThemeSync();
  useHydratedMark();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} area="site" />;
}
