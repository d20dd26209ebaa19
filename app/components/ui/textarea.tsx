import type * as React from "react";
import { useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

export function Textarea({ className, ...rest }: React.ComponentProps<"textarea">) {
  const props = useFieldControl(rest);
  return (
    <textarea
      className={cn(
        "flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
