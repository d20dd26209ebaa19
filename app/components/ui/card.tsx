import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Class lists are joined, not merged: a caller adds classes but never overrides one of these;
 * the props below choose the variants instead (see docs/decisions/009).
 */
export function Card({
  className,
  featured = false,
  ...props
}: React.ComponentProps<"div"> & { featured?: boolean }) {
  return (
    <div
      className={cn(
        "rounded-lg bg-card text-card-foreground",
        featured ? "border-2 border-primary shadow-lg" : "border shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({
  className,
  layout = "stack",
  gap = "tight",
  ...props
}: React.ComponentProps<"div"> & { layout?: "stack" | "row"; gap?: "tight" | "roomy" }) {
  return (
    <div
      className={cn(
        "flex p-6",
        layout === "stack" ? "flex-col" : "flex-row items-center justify-between",
        gap === "tight" ? "gap-1.5" : "gap-3",
        className,
      )}
      {...props}
    />
  );
}

const titleSizes = {
  sm: "text-sm font-medium",
  lg: "text-lg font-semibold",
  xl: "text-xl font-semibold leading-tight",
  "2xl": "text-2xl font-semibold",
};

export function CardTitle({
  className,
  as: Tag = "h3",
  size = "xl",
  ...props
}: React.ComponentProps<"h3"> & {
  as?: "h1" | "h2" | "h3" | "h4" | "p";
  size?: keyof typeof titleSizes;
}) {
  return <Tag className={cn("tracking-tight", titleSizes[size], className)} {...props} />;
}

export function CardDescription({
  className,
  size = "sm",
  ...props
}: React.ComponentProps<"p"> & { size?: "sm" | "base" }) {
  return (
    <p
      className={cn(size === "sm" ? "text-sm" : "text-base", "text-muted-foreground", className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...props} />;
}
