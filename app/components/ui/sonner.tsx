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
          error:
            "group-[.toaster]:!bg-destructive group-[.toaster]:!text-destructive-foreground group-[.toaster]:!border-destructive",
        },
      }}
      {...props}
    />
  );
}
