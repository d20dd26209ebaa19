import type * as React from "react";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "~/components/ui/tooltip";

/**
 * The sidebar's pieces that only some screens show, loaded when first needed (sidebar.tsx):
 * the small screens' sheet, once it first opens, and the collapsed sidebar's tooltips. A
 * portal page that shows neither loads no dialog or tooltip code (decision 025).
 */
export function SidebarSheet({
  side,
  open,
  onOpenChange,
  returnFocusRef,
  children,
  ...props
}: Omit<React.ComponentProps<typeof SheetContent>, "side"> & {
  side: "left" | "right";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: React.RefObject<HTMLElement | null> | null;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        side={side}
        className="w-(--sidebar-width) gap-0 overflow-hidden bg-sidebar p-0 text-sidebar-foreground"
        onCloseAutoFocus={(event) => {
          // No Radix trigger exists, so return focus to whatever opened the sheet.
          const target = returnFocusRef?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
        {...props}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>Navigation</SheetTitle>
          <SheetDescription>Site navigation.</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}

/** A collapsed sidebar's button with its label as a tooltip on the right. */
export function SidebarTooltip({
  button,
  content,
}: {
  button: React.ReactElement;
  content: React.ComponentProps<typeof TooltipContent>;
}) {
  return (
    <TooltipProvider delayDuration={0}>
      <Tooltip>
        <TooltipTrigger asChild>{button}</TooltipTrigger>
        <TooltipContent side="right" align="center" {...content} />
      </Tooltip>
    </TooltipProvider>
  );
}
