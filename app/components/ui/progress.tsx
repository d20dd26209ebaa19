import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Determinate progress bar (`value` 0-100; `null`/omitted = indeterminate).
 * Give it an accessible name with `aria-label` or `aria-labelledby`.
 */
export function Progress({
  className,
  value,
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = Math.min(100, Math.max(0, value ?? 0));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-input", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 bg-primary motion-safe:transition-transform motion-safe:duration-300"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
