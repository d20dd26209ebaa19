import type { ActionResult } from "~/lib/action-result";
import { cn } from "~/lib/utils";

/**
 * A form's outcome as text on the page: after a post without JavaScript (the page comes back
 * with the action's answer), or for a toast carried by the cookie across a redirect. With
 * JavaScript the same outcome is a toast (`useFormOutcome`).
 */
export function FormResult({
  result,
  title,
  className,
}: {
  result: (Pick<ActionResult, "ok"> & { success?: string; error?: string }) | null | undefined;
  /** A heading line above the text (the lead forms' 'Message sent successfully!'). */
  title?: string;
  className?: string;
}) {
  if (!result) return null;
  const text = result.ok ? result.success : result.error;
  if (!text) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={cn(
        "rounded-md border px-4 py-3 text-sm",
        result.ok
          ? "border-green-700/40 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100"
          : "border-destructive/50 bg-destructive/5 text-foreground",
        className,
      )}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <p className={title ? undefined : "font-medium"}>{text}</p>
    </div>
  );
}
