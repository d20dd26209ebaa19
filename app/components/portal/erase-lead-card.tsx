import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { ERASE_LEAD_INTENT } from "~/lib/validation/privacy-values";

/**
 * Administrators erase a lead (POPIA: on request, or when it is no longer needed). The
 * confirmation is opened from state, so the page mounts no dialog until it is asked for
 * (decision 031).
 */
export function EraseLeadCard({ name }: { name: string }) {
  const [confirming, setConfirming] = useState(false);
  const { fetcher, busy, result } = useFormOutcome({ intent: ERASE_LEAD_INTENT, redirects: true });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Erase</CardTitle>
        <CardDescription>
          Delete this lead, its consents and the e-mails about it for good.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
          Erase lead
        </Button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          busy={busy}
          result={result}
          title="Erase this lead?"
          description={`Everything ${name} sent in this lead, and the e-mails about it, is deleted. This cannot be undone.`}
          confirmLabel="Erase"
          busyLabel="Erasing..."
          onConfirm={() => fetcher.submit({ intent: ERASE_LEAD_INTENT }, { method: "post" })}
        />
      </CardContent>
    </Card>
  );
}
