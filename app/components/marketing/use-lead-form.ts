import { useRef, useState } from "react";
import type { z } from "zod";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import type { ActionResult } from "~/lib/action-result";
import { notify } from "~/lib/notify";
import { firstIssue } from "~/lib/validation/first-issue";
import { LEAD_FORM_TEXT } from "~/lib/validation/lead-form-result";

interface FieldError {
  field: string;
  message: string;
}

/** 'Validation Error' when the answer names a field, else 'Error'; the spec's success title. */
function titleFor(kind: "contact" | "quote", result: ActionResult) {
  if (result.ok) return LEAD_FORM_TEXT[kind].successTitle;
  return result.field !== undefined ? "Validation Error" : "Error";
}

type Schema = Pick<z.ZodType, "safeParse">;
type LeadSchemas = typeof import("~/lib/validation/leads");

/** The lead forms' schemas (and zod) load on the form's first focus, not with the page. */
let schemas: Promise<LeadSchemas> | undefined;
function loadSchemas() {
  schemas ??= import("~/lib/validation/leads");
  return schemas;
}

/**
 * A lead form's behaviour: instant validation with the shared schema ('Validation Error' toast
 * with the first message, and the message beside its field), 'Sending...' while the server
 * works, then the spec's success or 'Error' toast (`useFormOutcome`). Without JavaScript the
 * same action answers the plain form post and the page shows the same messages (<FormResult>).
 */
export function useLeadForm(
  kind: "contact" | "quote",
  pick: (schemas: LeadSchemas) => Schema,
  onSuccess?: () => void,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const schema = useRef<Schema | null>(null);
  const [clientError, setClientError] = useState<FieldError | null>(null);
  const text = LEAD_FORM_TEXT[kind];
  const { fetcher, result, inline, busy } = useFormOutcome<ActionResult>({
    fallback: text.fallback,
    describe: (r) => ({
      title: titleFor(kind, r),
      description: r.ok ? r.success : r.error || text.noSuccess,
    }),
    onSuccess: () => {
      formRef.current?.reset();
      setClientError(null);
      onSuccess?.();
    },
  });

  /** Loads the schema; it is usually there before the visitor sends (`onFocus`). */
  const load = () =>
    loadSchemas().then((loaded) => {
      schema.current = pick(loaded);
      return schema.current;
    });

  /** The first problem shown (toast, message, focus), or true when the values are valid. */
  const check = (form: HTMLFormElement, current: Schema) => {
    const parsed = current.safeParse(Object.fromEntries(new FormData(form)));
    if (parsed.success) {
      setClientError(null);
      return true;
    }
    const error = firstIssue(parsed.error);
    setClientError(error);
    notify("error", "Validation Error", { description: error.message });
    const control = form.elements.namedItem(error.field);
    if (control instanceof HTMLElement) control.focus();
    return false;
  };

  const onFocus = () => {
    if (!schema.current) void load();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (schema.current) {
      if (!check(form, schema.current)) event.preventDefault();
      return;
    }
    // Sent before the schema arrived: check once it has, then send as the form would have.
    event.preventDefault();
    void load().then((current) => {
      if (check(form, current)) void fetcher.submit(form);
    });
  };

  const serverFieldError =
    result && !result.ok && result.field ? { field: result.field, message: result.error } : null;
  const fieldError = clientError ?? serverFieldError;

  /**
   * Props for a control: its name and, after a post without JavaScript, what was typed. Controls
   * stay uncontrolled so what a visitor enters before hydration is kept (decision 016); the
   * `Field` around a control marks it invalid and points it at the message.
   */
  const control = (name: string) => ({
    name,
    defaultValue: inline && !inline.ok ? inline.values?.[name] : undefined,
  });

  const errorFor = (name: string) => (fieldError?.field === name ? fieldError.message : undefined);

  /** The no-JavaScript outcome, for <FormResult> above the form after a plain post. */
  const documentResult = { result: inline, title: inline ? titleFor(kind, inline) : undefined };

  return { fetcher, formRef, busy, onSubmit, onFocus, control, errorFor, documentResult };
}
