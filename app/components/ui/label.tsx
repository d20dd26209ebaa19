import { Label as LabelPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

export function Label({
  className,
  weight = "medium",
  ...props
}: React.ComponentProps<typeof LabelPrimitive.Root> & { weight?: "medium" | "normal" }) {
  return (
    <LabelPrimitive.Root
      className={cn(
        "text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        weight === "medium" ? "font-medium" : "font-normal",
        className,
      )}
      {...props}
    />
  );
}
