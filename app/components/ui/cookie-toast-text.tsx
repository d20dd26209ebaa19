import { type CookieToast, useCookieToast } from "~/hooks/use-form-outcome";
import { FormResult } from "./form-result";

/**
 * The toast a redirect carried (`redirectWithToast`, read by the page's loader): toasted with
 * JavaScript (`useCookieToast`), and text at the top of the page until then, so that without
 * JavaScript, and before the scripts run, the person still reads what happened.
 */
export function CookieToastText({
  toast,
  className,
}: {
  toast: CookieToast | null | undefined;
  className?: string;
}) {
  const asText = useCookieToast(toast);
  if (!toast || toast.inPage || !asText) return null;
  const text = toast.description ?? toast.title;
  return (
    <FormResult
      className={className}
      result={toast.type === "error" ? { ok: false, error: text } : { ok: true, success: text }}
    />
  );
}
