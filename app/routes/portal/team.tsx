import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { portalMeta } from "~/lib/seo";
import { requireAdmin } from "~/server/portal/portal.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => portalMeta("Team");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Team() {
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
