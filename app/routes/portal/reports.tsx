import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { portalMeta } from "~/lib/seo";
import { requireUser } from "~/server/portal/portal.server";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => portalMeta("Reports");

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Reports() {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Reports</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Coming soon</CardTitle>
          <CardDescription>
            Reports functionality is coming soon. We're building it and will let you know when it is
            ready.
          </CardDescription>
        </CardHeader>
        <CardContent />
      </Card>
    </div>
  );
}
