import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { portalMeta } from "~/lib/seo";
import { requireUser } from "~/server/portal/portal.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => portalMeta("Analytics");

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Analytics() {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Coming soon</CardTitle>
          <CardDescription>
            Analytics functionality is coming soon. We're building it and will let you know when it
            is ready.
          </CardDescription>
        </CardHeader>
        <CardContent />
      </Card>
    </div>
  );
}
