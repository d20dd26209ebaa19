import { Link, useLocation } from "react-router";
import {
  BarChart3,
  Building2,
  Calendar,
  FileText,
  FolderKanban,
  type Icon,
  Inbox,
  LayoutDashboard,
  Mail,
  Receipt,
  Settings,
  Users,
} from "~/components/icons";
import { Logo } from "~/components/marketing/logo";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "~/components/ui/sidebar";
import { site } from "~/content/site";

/** Who the portal is for: a client's contact, a team member, or an administrator (065). */
export type PortalAccess = "contact" | "team" | "admin";

interface Entry {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only to these; every entry without it is everyone's. */
  only?: PortalAccess[];
  /** Shown to a team member only once given billing (issue 32). */
  billing?: true;
}

const MESSAGES = "/portal/messages";

export const portalEntries: Entry[] = [
  { label: "Dashboard", to: "/portal", icon: LayoutDashboard },
  { label: "Projects", to: "/portal/projects", icon: FolderKanban },
  { label: "Messages", to: MESSAGES, icon: Mail },
  { label: "Reports", to: "/portal/reports", icon: FileText },
  { label: "Analytics", to: "/portal/analytics", icon: BarChart3 },
  { label: "Billing", to: "/portal/billing", icon: Receipt, billing: true },
  { label: "Clients", to: "/portal/clients", icon: Building2, only: ["team", "admin"] },
  { label: "Team", to: "/portal/team", icon: Users, only: ["admin"] },
  { label: "Leads", to: "/portal/leads", icon: Inbox, only: ["admin"] },
  { label: "Bookings", to: "/portal/bookings", icon: Calendar, only: ["team", "admin"] },
  { label: "Settings", to: "/portal/settings", icon: Settings },
];

/** The entries this person sees: by their access, and 'Billing' only when they see billing. */
export function entriesFor(access: PortalAccess, billing: boolean): Entry[] {
  return portalEntries.filter(
    (e) => (!e.only || e.only.includes(access)) && (!e.billing || billing),
  );
}

/**
 * Whether the entry `to` is the page at `pathname`, as NavLink decides (case-insensitive; an
 * entry is also current on the pages under it, except the dashboard, which is `end`).
 */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const target = to.toLowerCase();
  return path === target || (!end && path.startsWith(`${target}/`));
}

export function AppSidebar({
  access,
  billing = true,
  unreadMessages = 0,
}: {
  access: PortalAccess;
  /** Whether this person sees billing (a team member only once given it). */
  billing?: boolean;
  /** Shown beside 'Messages' (issue 37, point 5). */
  unreadMessages?: number;
}) {
  const { isMobile, setOpenMobile } = useSidebar();
  // One location for every entry: a plain link each, its state worked out here (a NavLink per
  // entry resolved its path and read the navigation state on every render, decision 030).
  const { pathname } = useLocation();
  return (
    <Sidebar collapsible="icon">
      {/* One landmark for the whole sidebar, so the brand link sits inside it too. */}
      <nav aria-label="Portal navigation" className="flex min-h-0 flex-1 flex-col">
        <SidebarHeader>
          <Link to="/" className="flex items-center gap-2 px-1 py-1.5 font-bold">
            <Logo className="size-7 shrink-0" />
            <span className="truncate group-data-[collapsible=icon]:sr-only">{site.name}</span>
          </Link>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Navigation</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {entriesFor(access, billing).map(({ label, to, icon: Icon }) => {
                  const unread = to === MESSAGES ? unreadMessages : 0;
                  return (
                    <SidebarMenuItem key={to}>
                      <SidebarMenuButton
                        asChild
                        tooltip={unread > 0 ? `${label}, ${unread} unread` : label}
                      >
                        <Link
                          to={to}
                          aria-current={
                            isCurrent(pathname, to, to === "/portal") ? "page" : undefined
                          }
                          onClick={() => {
                            if (isMobile) setOpenMobile(false);
                          }}
                        >
                          <Icon aria-hidden />
                          <span>{label}</span>
                          {unread > 0 ? (
                            <span
                              data-testid="unread-messages"
                              className="ml-auto rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums group-data-[collapsible=icon]:sr-only"
                            >
                              {unread}
                              <span className="sr-only"> unread</span>
                            </span>
                          ) : null}
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
      </nav>
      <SidebarRail />
    </Sidebar>
  );
}
