import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { z } from "zod";
import { notify } from "~/lib/notify";
import type { LeadFormResult } from "~/lib/validation/lead-form-result";

export const LEAD_FORM_TEXT = {
  contact: {
    successTitle: "Message sent successfully!",
    successDescription: () =>
      "We'll get back to you within 24 hours. Please check your email for confirmation.",
    fallback: "Failed to send message. Please try again.",
    noSuccess: "Failed to send message",
  },
  quote: {
    successTitle: "Quote Request Sent!",
    successDescription: (pkg?: string) =>
      `Your request for the ${pkg ?? "selected"} package has been received. Please check your email and phone for confirmation.`,
    fallback: "Failed to send quote request. Please try again.",
    noSuccess: "Failed to send quote request",
  },
} as const;

interface FieldError {
  field: string;
  message: string;
}

/**
 * A lead form's behaviour: instant validation with the shared schema ('Validation Error' toast
 * with the first message, and the message beside its field), 'Sending...' while the server
 * works, then the spec's success or 'Error' toast. Without JavaScript the same action answers
 * the plain form post and the page shows the same messages.
 */
export function useLeadForm(kind: "contact" | "quote", schema: z.ZodType, onSuccess?: () => void) {
  const fetcher = useFetcher<LeadFormResult>();
  const documentResult = useActionData<LeadFormResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<FieldError | null>(null);
  const submitted = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const text = LEAD_FORM_TEXT[kind];

  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? documentResult;

  useEffect(() => {
    if (fetcher.state === "submitting") submitted.current = true;
    if (fetcher.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    const data = fetcher.data;
    if (data?.success) {
      formRef.current?.reset();
      setClientError(null);
      onSuccessRef.current?.();
      notify("success", text.successTitle, {
        description: text.successDescription(data.packageName),
      });
    } else if (data && !data.success) {
      if (data.validation) notify("error", "Validation Error", { description: data.error });
      else notify("error", "Error", { description: data.error || text.noSuccess });
    } else {
      notify("error", "Error", { description: text.fallback });
    }
  }, [fetcher.state, fetcher.data, text]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    const issue = parsed.error.issues[0];
    const error = {
      field: String(issue?.path[0] ?? ""),
      message: issue?.message ?? "Invalid input",
    };
    setClientError(error);
    notify("error", "Validation Error", { description: error.message });
    const control = event.currentTarget.elements.namedItem(error.field);
    if (control instanceof HTMLElement) control.focus();
  };

  const serverFieldError =
    result && !result.success && result.field
      ? { field: result.field, message: result.error }
      : null;
  const fieldError = clientError ?? (fetcher.data || documentResult ? serverFieldError : null);

  /**
   * Props for a control: its name and, after a post without JavaScript, what was typed. Controls
   * stay uncontrolled so what a visitor enters before hydration is kept (decision 016); the
   * `Field` around a control marks it invalid and points it at the message.
   */
  const control = (name: string) => ({
    name,
    defaultValue:
      documentResult && !documentResult.success ? documentResult.values?.[name] : undefined,
  });

  const errorFor = (name: string) => (fieldError?.field === name ? fieldError.message : undefined);

  /** The no-JavaScript outcome, shown above the form after a plain post. */
  const documentMessage = documentResult
    ? documentResult.success
      ? {
          tone: "success" as const,
          title: text.successTitle,
          text: text.successDescription(documentResult.packageName),
        }
      : {
          tone: "error" as const,
          title: documentResult.validation ? "Validation Error" : "Error",
          text: documentResult.error,
        }
    : null;

  return { fetcher, formRef, busy, onSubmit, control, errorFor, documentMessage };
}
