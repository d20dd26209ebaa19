import type * as React from "react";
import { useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

/** A text-like input (text, e-mail, password, date …); inside a `Field` it is wired to its label. */
export function Input({ className, type, ...rest }: React.ComponentProps<"input">) {
  const props = useFieldControl(rest);
  return (
    <input
      type={type}
      className={cn(
        props.readOnly ? "bg-muted" : "bg-background",
        "flex h-10 w-full rounded-md border border-input px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
