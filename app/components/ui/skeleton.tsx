import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Loading placeholder. It has no content, so assistive tech skips it; mark the loading
 * region with `aria-busy="true"` (and a live status message) where it matters.
 */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("rounded-md bg-muted motion-safe:animate-pulse", className)}
      {...props}
    />
  );
}
