import { Form, Link, useNavigation } from "react-router";
import { Bell, LogOut } from "~/components/icons";
import { ThemeToggle } from "~/components/theme-toggle";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { avatarInitial, displayName } from "~/lib/names";
import { announceSigningOut } from "./live-updates";

/** The bell: a link to the person's notifications, with their unread count (decision 056). */
function NotificationBell({ unread }: { unread: number }) {
  const shown = unread > 99 ? "99+" : String(unread);
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <Link
      to="/portal/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2"
      data-testid="notification-bell"
    >
      <Bell aria-hidden />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * Who is signed in: the avatar, the name (from 640 px) and the e-mail address, shortened with an
 * ellipsis when the header has no room for it (a 320 px phone). A tap opens the whole name and
 * address, wrapped, with a link to Settings: a `<details>`, so it works without JavaScript.
 */
function AccountDetails({ email, fullName }: { email: string; fullName: string | null }) {
  const name = displayName(fullName);
  return (
    <details className="relative min-w-0">
      <summary className="flex min-w-0 cursor-pointer list-none items-center gap-2 rounded-md p-1 hover:bg-muted focus-visible:outline-2 sm:gap-3 [&::-webkit-details-marker]:hidden">
        <Avatar size="sm">
          <AvatarFallback aria-hidden="true" tone="primary">
            {avatarInitial(fullName, email)}
          </AvatarFallback>
        </Avatar>
        <span className="min-w-0 text-right leading-tight">
          <span className="sr-only">Account: </span>
          <span className="hidden truncate text-sm font-medium sm:block" data-testid="header-name">
            {name}
          </span>
          <span className="block truncate text-xs text-muted-foreground">{email}</span>
        </span>
      </summary>
      <div className="absolute top-full right-0 z-30 mt-2 w-64 max-w-[calc(100vw-1.5rem)] space-y-1 rounded-md border bg-popover p-3 text-sm text-popover-foreground shadow-md">
        <p className="text-xs text-muted-foreground">Signed in as</p>
        <p className="font-medium break-words">{name}</p>
        <p className="break-all">{email}</p>
        <Link
          to="/portal/settings"
          className="inline-block pt-1 font-medium text-primary underline-offset-4 hover:underline"
          onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
        >
          Account settings
        </Link>
      </div>
    </details>
  );
}

export function PortalHeader({
  email,
  fullName,
  unreadNotifications,
}: {
  email: string;
  fullName: string | null;
  unreadNotifications: number;
}) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/sign-out";
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background px-3 sm:gap-3 sm:px-4">
      <SidebarTrigger />
      <p className="text-lg font-semibold">Portal</p>
      <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
        <NotificationBell unread={unreadNotifications} />
        <ThemeToggle />
        <AccountDetails email={email} fullName={fullName} />
        <Form method="post" action="/sign-out" onSubmit={announceSigningOut}>
          <Button type="submit" variant="outline" size="sm" disabled={signingOut}>
            <LogOut aria-hidden />
            <span className="sr-only sm:not-sr-only">Sign out</span>
          </Button>
        </Form>
      </div>
    </header>
  );
}
