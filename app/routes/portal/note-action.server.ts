/**
 * 'Add note' on a client's, a project's or a lead's page (intent add-note; decision 066): parse,
 * one domain call, one answer. The page has checked the person is the agency's and the target
 * theirs to see.
 */
import { failed, succeeded } from "~/lib/action-result";
import { noteSchema } from "~/lib/validation/notes";
import { firstIssue } from "~/lib/validation/zod";
import { addNote, type NoteTarget } from "~/server/notes/notes.server";
import type { Form } from "../form.server";
import type { PortalContext } from "./context.server";

export async function noteAction(ctx: PortalContext, form: Form, target: NoteTarget) {
  const parsed = noteSchema.safeParse(form);
  if (!parsed.success) {
    return failed(400, firstIssue(parsed.error).message, {
      intent: "add-note",
      field: "body",
      values: { body: form.body ?? "" },
    });
  }
  await addNote(ctx.db, ctx.user.id, target, parsed.data.body);
  return succeeded("Note added", { intent: "add-note" });
}
