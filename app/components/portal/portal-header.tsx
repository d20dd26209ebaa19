import { Form, useNavigation } from "react-router";
import { LogOut } from "~/components/icons";
import { ThemeToggle } from "~/components/theme-toggle";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { avatarInitial, displayName } from "~/lib/names";
import { announceSigningOut } from "./live-updates";

export function PortalHeader({ email, fullName }: { email: string; fullName: string | null }) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/sign-out";
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background px-4">
      <SidebarTrigger />
      <p className="text-lg font-semibold">Portal</p>
      <div className="ml-auto flex min-w-0 items-center gap-3">
        <ThemeToggle />
        <Avatar size="sm">
          <AvatarFallback aria-hidden="true" tone="primary">
            {avatarInitial(fullName, email)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0 text-right leading-tight">
          <p className="hidden truncate text-sm font-medium sm:block" data-testid="header-name">
            {displayName(fullName)}
          </p>
          <p className="truncate text-xs text-muted-foreground">{email}</p>
        </div>
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
