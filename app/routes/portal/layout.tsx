import { data, Form, Outlet } from "react-router";
import { useToastFromServer } from "~/components/portal/use-server-toast";
import { Button } from "~/components/ui/button";
import { requireSession } from "~/server/session.server";
import { readToast } from "~/server/toast.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const { toast, clearHeader } = readToast(request);
  if (clearHeader) session.headers.append("Set-Cookie", clearHeader);
  return data({ user: session.user, toast }, { headers: session.headers });
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  useToastFromServer(loaderData.toast);
  return (
    <div className="min-h-dvh">
      <header className="flex items-center justify-between border-b px-4 py-3">
        <p className="font-semibold">Portal</p>
        <div className="flex items-center gap-3">
          <span className="text-sm">{loaderData.user.email}</span>
          <Form method="post" action="/sign-out">
            <Button type="submit" variant="outline" size="sm">
              Sign out
            </Button>
          </Form>
        </div>
      </header>
      <Outlet />
    </div>
  );
}
