import { Laptop } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormResult } from "~/components/ui/form-result";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDateTime } from "~/lib/dates";

export interface SessionItem {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: Date | string;
  lastActiveAt: Date | string;
  current: boolean;
}

export function SessionsCard({ sessions }: { sessions: SessionItem[] }) {
  const one = useFormOutcome({ intent: "revoke-session", redirects: true });
  const others = useFormOutcome({ intent: "revoke-other-sessions", redirects: true });
  const revoking = one.busy ? one.fetcher.formData?.get("sessionId") : null;
  const hasOthers = sessions.some((s) => !s.current);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sessions</CardTitle>
        <CardDescription>
          Where you are signed in. Sign out of any device you don't recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y rounded-md border" aria-label="Active sessions">
          {sessions.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-3 p-4"
              data-testid="session-item"
            >
              <Laptop className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {s.device}
                  {s.current ? <Badge variant="secondary">This device</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {s.ipAddress ? `IP ${s.ipAddress} · ` : ""}Signed in {formatDateTime(s.createdAt)}{" "}
                  · Last active {formatDateTime(s.lastActiveAt)}
                </p>
              </div>
              {s.current ? null : (
                <one.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={revoking === s.id}
                    aria-label={`Sign out ${s.device}, last active ${formatDateTime(s.lastActiveAt)}`}
                  >
                    {revoking === s.id ? "Signing out..." : "Sign out"}
                  </Button>
                </one.fetcher.Form>
              )}
            </li>
          ))}
        </ul>
        <FormResult result={one.inline} />
        <others.fetcher.Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="revoke-other-sessions" />
          <Button type="submit" variant="outline" disabled={!hasOthers || others.busy}>
            {others.busy ? "Signing out..." : "Sign out all other sessions"}
          </Button>
          <FormResult result={others.inline} />
        </others.fetcher.Form>
      </CardContent>
    </Card>
  );
}
