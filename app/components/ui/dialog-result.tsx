import type { ActionResult } from "~/lib/action-result";
import { FormResult } from "./form-result";
import { useInlineDialogClose } from "./no-js-dialog";

/** A dialog form's latest answer (`useFormOutcome`'s `result`), as `DialogResult` reads it. */
export type DialogAnswer =
  | (Pick<ActionResult, "ok"> & {
      success?: string;
      error?: string;
      field?: string;
      unsent?: true;
    })
  | null
  | undefined;

/**
 * What a dialog says inside itself, above its buttons (`DialogFormFooter`, `ConfirmDialog`):
 * a request that did not get through, always, since the toast's own code may not load while
 * nothing answers (decisions 143, 156); and, in a dialog rendered in place (the address asked
 * for it, decision 142), a refusal that names no field (one that does is said by its field).
 * Anything else is the toast's.
 */
export function DialogResult({ result }: { result: DialogAnswer }) {
  const inPlace = useInlineDialogClose() !== null;
  if (!result || result.ok) return null;
  const said = "unsent" in result || (inPlace && !result.field);
  return said ? <FormResult result={result} /> : null;
}
