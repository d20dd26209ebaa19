import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Sonner with its defaults kept: 3 visible, 4000 ms, Alt+T, label 'Notifications'. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      toastOptions={{
        classNames: {
          toast:
            "group toast group-[.toaster]:bg-background group-[.toaster]:text-foreground group-[.toaster]:border-border group-[.toaster]:shadow-lg",
          description: "group-[.toast]:text-muted-foreground",
          // Sonner's own description grey (#3f3f3f) would sit on the red at 1.6:1.
          error:
            "group-[.toaster]:!bg-destructive group-[.toaster]:!text-destructive-foreground group-[.toaster]:!border-destructive [&_[data-description]]:!text-destructive-foreground",
        },
      }}
      {...props}
    />
  );
}
