import {
  Building2,
  CheckCircle2,
  FolderKanban,
  Mail,
  PlayCircle,
  ShieldCheck,
} from "~/components/icons";
import { PriorityBadge, StatusBadge } from "~/components/portal/badges";
import { DeliverablesCards } from "~/components/portal/project/dashboard-cards";
import { usePortalUser } from "~/components/portal/use-portal-user";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import type { LiveHandle } from "~/lib/live-events";
import { capitalise, greetingName } from "~/lib/names";
import { portalMeta } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { loadDashboard } from "~/server/dashboard/dashboard.server";
import type { Route } from "./+types/dashboard";
import { requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Dashboard", matches);

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = {
  live: ["projects", "messages", "files", "milestones", "approvals"],
};

export async function loader({ request }: Route.LoaderArgs) {
  return loadDashboard(await requireUser(request));
}

const UNREAD = "Unread Messages";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const user = usePortalUser();
  const { recent, counts, unread, clients } = loaderData;
  const cards = [
    { title: "Total Projects", value: counts.total, icon: FolderKanban },
    { title: "Active Projects", value: counts.active, icon: PlayCircle },
    { title: "Completed", value: counts.completed, icon: CheckCircle2 },
    { title: UNREAD, value: unread, icon: Mail },
    ...(clients === null ? [] : [{ title: "Clients", value: clients, icon: Building2 }]),
  ];
  // On a phone what the person must act on comes first: pending approvals, then the summary
  // with Unread Messages first; on a wide screen the counts lead and the deliverables close.
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
            Welcome back, {greetingName(user.fullName, user.email)}!
          </h1>
          <p className="mt-1 text-muted-foreground">
            Here's what's happening with your projects today.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {user.role ? <Badge variant="secondary">{capitalise(user.role)}</Badge> : null}
          {user.twoFactorEnabled ? (
            <Badge variant="outline" className="gap-1" title="Two-factor authentication is on">
              <ShieldCheck className="size-3.5" aria-hidden />
              2FA on
            </Badge>
          ) : null}
        </div>
      </div>

      <DeliverablesCards {...loaderData.deliverables} />

      <ul
        className={cn(
          "grid grid-cols-1 gap-4 sm:grid-cols-2",
          cards.length > 4 ? "lg:grid-cols-3 xl:grid-cols-5" : "lg:grid-cols-4",
        )}
        aria-label="Summary"
      >
        {cards.map(({ title, value, icon: Icon }) => (
          <li key={title} className={title === UNREAD ? "order-first sm:order-none" : undefined}>
            <Card className="h-full">
              <CardHeader layout="row" className="pb-2">
                <CardTitle as="h2" size="sm">
                  {title}
                </CardTitle>
                <Icon className="size-4 text-muted-foreground" aria-hidden />
              </CardHeader>
              <CardContent>
                <p className="text-3xl font-bold">{value}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Recent Projects</CardTitle>
        </CardHeader>
        <CardContent>
          {recent.length === 0 ? (
            <p className="text-muted-foreground">
              No projects yet. Create your first project to get started!
            </p>
          ) : (
            <ul className="space-y-4">
              {recent.map((p) => (
                <li key={p.id} className="rounded-lg border p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <h3 className="font-semibold">{p.title}</h3>
                      {p.clientName ? (
                        <p className="text-sm text-muted-foreground">{p.clientName}</p>
                      ) : null}
                    </div>
                    <div className="flex gap-2">
                      <StatusBadge status={p.status} />
                      <PriorityBadge priority={p.priority} />
                    </div>
                  </div>
                  {p.description ? (
                    <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">
                      {p.description}
                    </p>
                  ) : null}
                  <div className="mt-3 flex items-center gap-3">
                    <Progress
                      value={p.progress}
                      className="flex-1"
                      aria-label={`${p.title} progress`}
                    />
                    <span className="text-sm font-medium tabular-nums">{p.progress}%</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
