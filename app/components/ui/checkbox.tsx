import type * as React from "react";
import { useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

/**
 * A native checkbox: it can be ticked before the page's scripts arrive and keeps its state when
 * React hydrates (give it `defaultChecked`). Put it in `<Field layout="checkbox">`.
 */
export function Checkbox({ className, ...rest }: Omit<React.ComponentProps<"input">, "type">) {
  const props = useFieldControl(rest);
  return <input type="checkbox" className={cn("size-4 accent-primary", className)} {...props} />;
}
