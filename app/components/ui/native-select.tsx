import type * as React from "react";
import { useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

/**
 * A native `<select>` styled like Input. It works before the page's scripts arrive, and a choice
 * made then stays once React hydrates (give it `defaultValue`, not `value`: decision 016).
 */
export function NativeSelect({ className, ...rest }: React.ComponentProps<"select">) {
  const props = useFieldControl(rest);
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
