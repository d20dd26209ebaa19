import { data, Outlet, useMatches } from "react-router";
import { NavigationProgress } from "~/components/navigation-progress";
import { AppSidebar, type PortalAccess } from "~/components/portal/app-sidebar";
import { useLiveUpdates } from "~/components/portal/live-updates";
import { PortalHeader } from "~/components/portal/portal-header";
import { ViewingAsBanner } from "~/components/portal/viewing-as-banner";
import { RouteError } from "~/components/route-error";
import { CookieToastText } from "~/components/ui/cookie-toast-text";
import { LazyToaster } from "~/components/ui/lazy-toaster";
import { SidebarInset, SidebarProvider } from "~/components/ui/sidebar";
import { parseSidebarCookie } from "~/components/ui/sidebar-cookie";
import { site } from "~/content/site";
import type { LiveHandle } from "~/lib/live-events";
import { unreadMessagesOf } from "~/lib/seo";
import { readToast } from "~/routes/toast.server";
import {
  DELETION_CANCELLED_TOAST,
  takeDeletionCancelledNotice,
} from "~/server/accounts/deletion.server";
import { hasBillingAccess } from "~/server/billing/access.server";
import { unreadCount } from "~/server/messages/messages.server";
import { keptPage } from "~/server/workspace/kept-pages.server";
import type { Route } from "./+types/layout";
import { requireUser, withEventOrigin } from "./context.server";
import { CLEAR_DELETION_SCHEDULED } from "./delete-account.server";

export const meta: Route.MetaFunction = () => [
  { title: `Portal | ${site.name}` },
  { name: "robots", content: "noindex" },
];

/**
 * The header's bell and the sidebar's unread messages: a notification or a message for this
 * person reloads their counts (decision 056; issue 37, point 5).
 */
export const handle: LiveHandle = { live: ["notifications", "messages"] };

/** The events this request's actions publish name the tab that sent it (decision 012). */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }, next) => withEventOrigin(request, next),
];

export async function loader({ request }: Route.LoaderArgs) {
  const { db, user, scope, headers, viewingAs, readOnly, deletionCancelled, changes } =
    await requireUser(request);
  // Through the request's scope (scopeWhere), so whatever limits whose work a person sees
  // limits this count too; viewing as a client, that client's conversations are counted.
  // Kept while the portal's data stands where the session read found it (decision 029), so a
  // request with nothing new still costs the one statement.
  const unreadMessages = await keptPage(
    db,
    changes,
    JSON.stringify(["unread-messages", user.id, scope]),
    () => unreadCount(db, scope, user.id),
  );
  const { toast: cookieToast, clearHeader } = await readToast(request);
  // Signing in cancelled a pending account deletion: say so, once.
  const cancelled = deletionCancelled && (await takeDeletionCancelledNotice(db, user.id));
  const toast = cancelled ? DELETION_CANCELLED_TOAST : cookieToast;
  const responseHeaders = new Headers(headers);
  if (cancelled) responseHeaders.append("Set-Cookie", CLEAR_DELETION_SCHEDULED);
  if (clearHeader) responseHeaders.append("Set-Cookie", clearHeader);
  responseHeaders.set("Cache-Control", "private, no-store");
  return data(
    {
      user,
      toast,
      sidebarOpen: parseSidebarCookie(request.headers.get("cookie")),
      /** An administrator viewing as a client: whose portal this is, and nothing is written. */
      viewingAs: viewingAs ? { name: viewingAs.name } : null,
      readOnly,
      /** Which entries the sidebar shows: Team and Leads are the administrators' (065). */
      access: (scope.kind === "all"
        ? "admin"
        : scope.kind === "team"
          ? "team"
          : "contact") satisfies PortalAccess as PortalAccess,
      /** 'Billing' in the sidebar: a team member's only once given billing (issue 32). */
      billing: scope.kind !== "team" || (await hasBillingAccess(db, user.id)),
      /** Beside 'Messages' in the sidebar and in the tab's title. */
      unreadMessages,
    },
    { headers: responseHeaders },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

type LayoutData = Awaited<ReturnType<typeof loader>>["data"];

/** Sidebar, header and main: around every portal page, and around its errors too. */
function PortalShell({
  user,
  sidebarOpen,
  viewingAs,
  access,
  billing,
  unreadMessages,
  notice,
  children,
}: Pick<
  LayoutData,
  "user" | "sidebarOpen" | "viewingAs" | "access" | "billing" | "unreadMessages"
> & {
  /** Above the page: what the last redirecting action did (`CookieToastText`). */
  notice?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <SidebarProvider defaultOpen={sidebarOpen}>
        <NavigationProgress />
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {/* Viewing as a client shows the client's portal: no staff entries. */}
        <AppSidebar access={access} billing={billing} unreadMessages={unreadMessages} />
        <SidebarInset>
          <PortalHeader
            email={user.email}
            fullName={user.fullName}
            unreadNotifications={user.unreadNotifications}
          />
          {viewingAs ? <ViewingAsBanner clientName={viewingAs.name} /> : null}
          <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
            {notice}
            {children}
          </main>
        </SidebarInset>
      </SidebarProvider>
      <LazyToaster />
    </>
  );
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const { user, toast, sidebarOpen, viewingAs, access, billing } = loaderData;
  useLiveUpdates();
  // The Messages page counts after opening a thread marks it read; the layout everywhere else.
  const unreadMessages = unreadMessagesOf(useMatches());
  return (
    <PortalShell
      user={user}
      sidebarOpen={sidebarOpen}
      viewingAs={viewingAs}
      access={access}
      billing={billing}
      unreadMessages={unreadMessages}
      notice={<CookieToastText toast={toast} className="mb-4" />}
    >
      <Outlet />
    </PortalShell>
  );
}

/**
 * A page's refusal or error (`throw forbidden()`, `throw notFound("Lead not found")`) shows
 * inside the portal. Only when the layout itself failed (no user) is it a page of its own.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData) return <RouteError error={error} area="site" />;
  return (
    <PortalShell
      user={loaderData.user}
      sidebarOpen={loaderData.sidebarOpen}
      viewingAs={loaderData.viewingAs}
      access={loaderData.access}
      billing={loaderData.billing}
      unreadMessages={loaderData.unreadMessages}
    >
      <RouteError error={error} area="portal" />
    </PortalShell>
  );
}
