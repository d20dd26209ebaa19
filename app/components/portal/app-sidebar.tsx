import {
  BarChart3,
  Building2,
  FileText,
  FolderKanban,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Settings,
  Users,
} from "lucide-react";
import { Link, NavLink } from "react-router";
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

interface Entry {
  label: string;
  to: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

export const portalEntries: Entry[] = [
  { label: "Dashboard", to: "/portal", icon: LayoutDashboard },
  { label: "Projects", to: "/portal/projects", icon: FolderKanban },
  { label: "Messages", to: "/portal/messages", icon: Mail },
  { label: "Reports", to: "/portal/reports", icon: FileText },
  { label: "Analytics", to: "/portal/analytics", icon: BarChart3 },
  { label: "Clients", to: "/portal/clients", icon: Building2, adminOnly: true },
  { label: "Team", to: "/portal/team", icon: Users, adminOnly: true },
  { label: "Leads", to: "/portal/leads", icon: Inbox, adminOnly: true },
  { label: "Settings", to: "/portal/settings", icon: Settings },
];

export function AppSidebar({ isAdmin }: { isAdmin: boolean }) {
  const { isMobile, setOpenMobile } = useSidebar();
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
                {portalEntries
                  .filter((e) => !e.adminOnly || isAdmin)
                  .map(({ label, to, icon: Icon }) => (
                    <SidebarMenuItem key={to}>
                      <SidebarMenuButton asChild tooltip={label}>
                        <NavLink
                          to={to}
                          end={to === "/portal"}
                          onClick={() => {
                            if (isMobile) setOpenMobile(false);
                          }}
                        >
                          <Icon aria-hidden />
                          <span>{label}</span>
                        </NavLink>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  ))}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
      </nav>
      <SidebarRail />
    </Sidebar>
  );
}
