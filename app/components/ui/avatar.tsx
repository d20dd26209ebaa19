import { Avatar as AvatarPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

export function Avatar({
  className,
  size = "md",
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Root> & { size?: "sm" | "md" }) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn(
        "relative flex shrink-0 overflow-hidden rounded-full",
        size === "md" ? "size-10" : "size-8",
        className,
      )}
      {...props}
    />
  );
}

/** Always pass a meaningful `alt` (or `alt=""` when the name is shown next to it). */
export function AvatarImage({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn("aspect-square size-full object-cover", className)}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  tone = "muted",
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback> & { tone?: "muted" | "primary" }) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full text-sm font-medium",
        tone === "muted" ? "bg-muted text-foreground" : "bg-primary text-primary-foreground",
        className,
      )}
      {...props}
    />
  );
}
