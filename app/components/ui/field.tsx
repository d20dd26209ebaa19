import type * as React from "react";
import { createContext, useContext, useId } from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

interface FieldState {
  /** The control's id, named by the label's `for`. */
  id: string;
  /** The error's id (when there is an error), then the description's id. */
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldState | null>(null);

/**
 * A control's wiring inside a `Field`: its id, `aria-describedby` (error, then description) and
 * `aria-invalid`. What the caller passes explicitly wins; ids it passes are kept and joined.
 * The controls of `components/ui` (Input, Textarea, NativeSelect, Checkbox, SelectTrigger)
 * call this, so a control needs no ids of its own.
 */
export function useFieldControl<
  P extends {
    id?: string;
    "aria-describedby"?: string;
    "aria-invalid"?: React.AriaAttributes["aria-invalid"];
  },
>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy =
    [props["aria-describedby"], field.describedBy].filter(Boolean).join(" ") || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-describedby": describedBy,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
  };
}

/**
 * One form field: a visible label, its control (the child), an optional description and the
 * validation message, wired with `for`/`id`, `aria-describedby` and `aria-invalid`.
 *
 * `layout="checkbox"` puts the control before its label on one line. The description's id is
 * `${id}-hint` and the error's `${id}-error`.
 */
export function Field({
  id,
  label,
  optional = false,
  description,
  error,
  labelAside,
  layout = "stacked",
  labelWeight = layout === "checkbox" ? "normal" : "medium",
  className,
  children,
}: {
  /** The control's id; generated when absent. */
  id?: string;
  label: React.ReactNode;
  /** Adds ' (optional)' after the label. */
  optional?: boolean;
  /** A hint under the control, read with it by screen readers. */
  description?: React.ReactNode;
  /** The validation message for this field; marks the control invalid. */
  error?: string;
  /** Something shown at the end of the label's line (e.g. a 'Forgot password?' link). */
  labelAside?: React.ReactNode;
  layout?: "stacked" | "checkbox";
  labelWeight?: "medium" | "normal";
  className?: string;
  children: React.ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const descriptionId = description ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const state: FieldState = {
    id: controlId,
    describedBy: [errorId, descriptionId].filter(Boolean).join(" ") || undefined,
    invalid: Boolean(error),
  };

  const labelElement = (
    <Label htmlFor={controlId} weight={labelWeight}>
      {label}
      {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
    </Label>
  );
  const messages = (
    <>
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );

  return (
    <FieldContext.Provider value={state}>
      {layout === "checkbox" ? (
        <div className={cn("flex flex-col gap-1", className)}>
          <div className="flex items-center gap-2">
            {children}
            {labelElement}
          </div>
          {description || error ? <div className="flex flex-col gap-1 pl-6">{messages}</div> : null}
        </div>
      ) : (
        <div className={cn("flex flex-col gap-2", className)}>
          {labelAside ? (
            <div className="flex items-center justify-between gap-2">
              {labelElement}
              {labelAside}
            </div>
          ) : (
            labelElement
          )}
          {children}
          {messages}
        </div>
      )}
    </FieldContext.Provider>
  );
}
