import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Textarea } from "~/components/ui/textarea";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDateTime } from "~/lib/dates";
import { NOTE_MAX } from "~/lib/validation/notes";

export interface NoteView {
  id: string;
  body: string;
  authorName: string | null;
  createdAt: Date | string;
}

/** The agency's internal notes on a client, project or lead, and 'Add note' (decision 066). */
export function InternalNotes({ notes, canAdd = true }: { notes: NoteView[]; canAdd?: boolean }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "add-note" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Internal notes</CardTitle>
        <CardDescription>Only the agency sees these notes; clients never do.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No internal notes yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Internal notes">
            {notes.map((note) => (
              <li key={note.id} className="py-2">
                <p className="whitespace-pre-wrap break-words">{note.body}</p>
                <p className="text-sm text-muted-foreground">
                  {note.authorName ?? "Deleted user"} · {formatDateTime(note.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {canAdd ? (
          <fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="add-note" />
            <Field id="internal-note" label="Note">
              <Textarea
                name="body"
                rows={3}
                required
                maxLength={NOTE_MAX}
                // Kept when the note was refused (no JavaScript: the page comes back with it).
                key={inline && !inline.ok ? "refused" : "new"}
                defaultValue={inline && !inline.ok ? (inline.values?.body ?? "") : ""}
              />
            </Field>
            <FormResult result={inline} />
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Add note"}
            </Button>
          </fetcher.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
