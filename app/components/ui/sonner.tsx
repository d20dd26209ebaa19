import type * as React from "react";
import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { toasterRequest } from "~/lib/notify";

/** Sonner with its defaults kept: 3 visible, 4000 ms, Alt+T, label 'Notifications'. */
export function Toaster(props: ToasterProps) {
  // Runs after Sonner's own effects, so it is listening when `notify` sends the first toast.
  useEffect(() => toasterRequest.mounted(), []);
  return (
    <Sonner
      className="toaster group"
      // Sonner's own light/dark palettes follow neither our `dark` class nor our colours.
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      toastOptions={{
        classNames: {
          toast:
            "group toast group-[.toaster]:bg-background group-[.toaster]:text-foreground group-[.toaster]:border-border group-[.toaster]:shadow-lg",
          // Sonner's own grey (#3f3f3f) is unreadable on dark and on error toasts.
          description: "group-[.toast]:!text-inherit group-[.toast]:opacity-90",
          error:
            "group-[.toaster]:!bg-destructive group-[.toaster]:!text-destructive-foreground group-[.toaster]:!border-destructive [&_[data-description]]:!text-destructive-foreground",
        },
      }}
      {...props}
    />
  );
}
