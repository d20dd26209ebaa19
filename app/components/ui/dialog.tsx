import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { type DialogAnswer, DialogResult } from "~/components/ui/dialog-result";
import { CancelDialogLink, InlineDialog, useInlineDialogClose } from "~/components/ui/no-js-dialog";
import { useOpenedOnce } from "~/components/ui/use-opened-once";
import { useReturnFocus } from "~/components/ui/use-return-focus";
import { cn } from "~/lib/utils";

/**
 * A dialog opened from state (`open` given) renders nothing until it first opens, then stays
 * (so it can close with its animation and hand focus back). Radix's closed dialog still mounts
 * its presence logic, which updates state while React commits: on hydration that forced every
 * pending effect of the page into the same task, one long task per page with a dialog
 * (decision 031). A dialog with its own trigger (no `open`) renders as always.
 */
export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  const opened = useOpenedOnce(props.open !== false);
  if (!opened) return null;
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        "fixed inset-0 z-50 bg-black/50 motion-safe:transition-opacity motion-safe:duration-200 motion-safe:starting:opacity-0",
        className,
      )}
      {...props}
    />
  );
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        {...returnFocus}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid grid-cols-1 max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:max-w-lg motion-safe:transition-[opacity,scale] motion-safe:duration-200 motion-safe:starting:scale-95 motion-safe:starting:opacity-0",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-header"
      className={cn("flex flex-col gap-2 text-center sm:text-left", className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

/**
 * The footer of a dialog that holds a form: 'Cancel' (closes it) and the submit button, both
 * disabled while the form is being sent, when the submit button reads `busyLabel`.
 */
export function DialogFormFooter({
  submitLabel,
  busyLabel,
  busy,
  onCancel,
  result,
}: {
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onCancel: () => void;
  /**
   * The form's latest answer (`useFormOutcome`'s `result`): a request that did not get through
   * is said here, above the buttons (`DialogResult`, decision 156).
   */
  result: DialogAnswer;
}) {
  // In a dialog rendered in place (`FormDialog inline`), 'Cancel' is a link back to the page.
  const inline = useInlineDialogClose() !== null;
  return (
    <>
      <DialogResult result={result} />
      <DialogFooter>
        {inline ? (
          <CancelDialogLink />
        ) : (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * A dialog opened from state that holds one form: its title and description, then `children`
 * (the form, ending with `DialogFormFooter`). It does not close while the form is being sent.
 * `inline`: the page's address asked for it (`?dialog=…`, decision 142), so it is rendered in
 * place, by the server too, as an open non-modal `<dialog>` that works without JavaScript.
 */
export function FormDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  children,
  inline = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  title: React.ReactNode;
  description: React.ReactNode;
  children: React.ReactNode;
  inline?: boolean;
}) {
  if (inline) {
    return (
      <InlineDialog title={title} description={description}>
        {children}
      </InlineDialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("text-lg leading-tight font-semibold", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
