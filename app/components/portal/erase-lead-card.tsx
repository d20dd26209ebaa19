import { useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ERASE_LEAD_INTENT } from "~/lib/validation/privacy";
import { type ActionOutcome, useFetcherOutcome } from "./use-action-error";

/** Administrators erase a lead (POPIA: on request, or when it is no longer needed). */
export function EraseLeadCard({ name }: { name: string }) {
  const fetcher = useFetcher<ActionOutcome>();
  useFetcherOutcome(fetcher, undefined, { redirects: true });
  const busy = fetcher.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Erase</CardTitle>
        <CardDescription>
          Delete this lead, its consents and the e-mails about it for good.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button type="button" variant="destructive">
              Erase lead
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Erase this lead?</AlertDialogTitle>
              <AlertDialogDescription>
                Everything {name} sent in this lead, and the e-mails about it, is deleted. This
                cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value={ERASE_LEAD_INTENT} />
              <AlertDialogFooter>
                <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={busy}>
                  {busy ? "Erasing..." : "Erase"}
                </Button>
              </AlertDialogFooter>
            </fetcher.Form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
