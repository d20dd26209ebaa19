import { Button } from "~/components/ui/button";
import { FormResult } from "~/components/ui/form-result";
import { useFormOutcome } from "~/hooks/use-form-outcome";

/**
 * On a client's own project (made by a contact with 'New Project'), the agency's 'Take on':
 * from then on only the agency changes it (decision 050). Adding a milestone or a file does the
 * same. The form's outcome lives with the page, which stays when the notice goes.
 */
export function TakeOn({ open }: { open: boolean }) {
  const { fetcher, busy, inline } = useFormOutcome({ intent: "take-on" });
  if (!open) return <FormResult result={inline} />;
  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-3 text-sm"
    >
      <input type="hidden" name="intent" value="take-on" />
      <p className="min-w-0 flex-1 text-muted-foreground">
        The client made this project: its contacts can change and delete it until the agency takes
        it on.
      </p>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {busy ? "Taking on..." : "Take on"}
      </Button>
      <FormResult result={inline} />
    </fetcher.Form>
  );
}
