import { data } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { NO_PERMISSION } from "~/lib/portal-text";
import { portalMeta } from "~/lib/seo";
import { requireUser } from "~/server/portal.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => portalMeta("Team");

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const allowed = user.role === "admin";
  return data({ allowed }, { status: allowed ? 200 : 403 });
}

export default function Team({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) {
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight">Team</h1>
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-6">
          {NO_PERMISSION}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Team Management</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Coming soon</CardTitle>
          <CardDescription>
            Team management functionality is coming soon: invite colleagues, assign roles and manage
            access.
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
