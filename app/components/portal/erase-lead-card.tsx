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
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { ERASE_LEAD_INTENT } from "~/lib/validation/privacy-values";

/** Administrators erase a lead (POPIA: on request, or when it is no longer needed). */
export function EraseLeadCard({ name }: { name: string }) {
  const { fetcher, busy } = useFormOutcome({ intent: ERASE_LEAD_INTENT, redirects: true });
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
