import { data, useFetcher } from "react-router";
import { type ActionOutcome, useFetcherOutcome } from "~/components/portal/use-action-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { portalMeta } from "~/lib/seo";
import { firstIssue } from "~/lib/validation/auth";
import { profileSchema } from "~/lib/validation/portal";
import { readForm, requireUser } from "~/server/portal.server";
import { updateFullName } from "~/server/profiles.server";
import type { Route } from "./+types/settings";
import { usePortalUser } from "./layout";

export const meta: Route.MetaFunction = () => portalMeta("Settings");

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { db, user } = await requireUser(request);
  const form = await readForm(request);
  const parsed = profileSchema.safeParse(form);
  if (!parsed.success) {
    return data({ error: firstIssue(parsed.error).message }, { status: 400 });
  }
  await updateFullName(db, user.id, parsed.data.fullName);
  return { ok: true as const, success: "Profile updated successfully" };
}

export default function Settings() {
  const user = usePortalUser();
  const fetcher = useFetcher<ActionOutcome>();
  const saving = fetcher.state !== "idle";

  useFetcherOutcome(fetcher);

  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile Settings</CardTitle>
          <CardDescription>Update your personal information.</CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form method="post" className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="settings-email">Email</Label>
              <Input
                id="settings-email"
                type="email"
                value={user.email}
                readOnly
                aria-readonly="true"
                className="bg-muted"
              />
              <p className="text-xs text-muted-foreground">
                Your e-mail address cannot be changed here.
              </p>
            </div>
            <div className="space-y-2">
              <Label htmlFor="settings-name">Full Name</Label>
              <Input
                id="settings-name"
                name="fullName"
                autoComplete="name"
                maxLength={100}
                defaultValue={user.fullName ?? ""}
              />
            </div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </div>
  );
}
