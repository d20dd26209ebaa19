import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import * as React from "react";
import { useLocation } from "react-router";
import { PanelLeft } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { serializeSidebarCookie } from "~/components/ui/sidebar-cookie";
import type { TooltipContent } from "~/components/ui/tooltip";
import { useIsMobile } from "~/hooks/use-mobile";
import { cn } from "~/lib/utils";

const SIDEBAR_WIDTH = "16rem";
const SIDEBAR_WIDTH_MOBILE = "18rem";

const SIDEBAR_WIDTH_ICON = "3rem";
const SIDEBAR_KEYBOARD_SHORTCUT = "b";
/** The sidebar as a popover on a phone before the scripts (see `Sidebar`, `SidebarTrigger`). */
const SIDEBAR_POPOVER_ID = "sidebar-popover";

/** Loaded when first shown: small screens' sheet, collapsed icons' tooltips (decision 025). */
const SidebarSheet = React.lazy(() =>
  import("./sidebar-sheet").then((m) => ({ default: m.SidebarSheet })),
);
const SidebarTooltip = React.lazy(() =>
  import("./sidebar-sheet").then((m) => ({ default: m.SidebarTooltip })),
);

export type SidebarContextProps = {
  state: "expanded" | "collapsed";
  open: boolean;
  setOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  openMobile: boolean;
  setOpenMobile: React.Dispatch<React.SetStateAction<boolean>>;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = React.createContext<SidebarContextProps | null>(null);

/** Element to refocus when the mobile sheet closes (it has no Radix trigger of its own). */
const SidebarReturnFocusContext = React.createContext<React.RefObject<HTMLElement | null> | null>(
  null,
);

export function useSidebar(): SidebarContextProps {
  const context = React.use(SidebarContext);
  if (!context) {
    throw new Error("useSidebar must be used within a SidebarProvider.");
  }
  return context;
}

export type SidebarProviderProps = React.ComponentProps<"div"> & {
  /** Initial desktop state; read the `sidebar_state` cookie on the server and pass it here. */
  defaultOpen?: boolean;
  /** Controlled desktop state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export function SidebarProvider({
  defaultOpen = true,
  open: openProp,
  onOpenChange: setOpenProp,
  className,
  style,
  children,
  ...props
}: SidebarProviderProps) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = React.useState(false);
  const returnFocusRef = React.useRef<HTMLElement | null>(null);

  // Internal state, used unless `open` is controlled by the parent.
  const [_open, _setOpen] = React.useState(defaultOpen);
  const open = openProp ?? _open;
  const setOpen = React.useCallback(
    (value: boolean | ((value: boolean) => boolean)) => {
      const openState = typeof value === "function" ? value(open) : value;
      if (setOpenProp) {
        setOpenProp(openState);
      } else {
        _setOpen(openState);
      }
      // Persist for the next server render. Runs in event handlers only, never during render.
      // biome-ignore lint/suspicious/noDocumentCookie: plain cookie write; CookieStore is not universal
      document.cookie = serializeSidebarCookie(openState);
    },
    [setOpenProp, open],
  );

  const toggleSidebar = React.useCallback(() => {
    if (isMobile) {
      if (!openMobile && document.activeElement instanceof HTMLElement) {
        returnFocusRef.current = document.activeElement;
      }
      setOpenMobile((value) => !value);
    } else {
      setOpen((value) => !value);
    }
  }, [isMobile, openMobile, setOpen]);

  // Ctrl+B / Cmd+B toggles the sidebar (shadcn behaviour: regardless of focus).
  React.useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [toggleSidebar]);

  const state = open ? "expanded" : "collapsed";

  const contextValue = React.useMemo<SidebarContextProps>(
    () => ({ state, open, setOpen, isMobile, openMobile, setOpenMobile, toggleSidebar }),
    [state, open, setOpen, isMobile, openMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={contextValue}>
      <SidebarReturnFocusContext value={returnFocusRef}>
        <div
          data-slot="sidebar-wrapper"
          style={
            {
              "--sidebar-width": SIDEBAR_WIDTH,
              "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
              ...style,
            } as React.CSSProperties
          }
          className={cn(
            "group/sidebar-wrapper flex min-h-svh w-full has-data-[variant=inset]:bg-sidebar",
            className,
          )}
          {...props}
        >
          {children}
        </div>
      </SidebarReturnFocusContext>
    </SidebarContext>
  );
}

export type SidebarProps = React.ComponentProps<"div"> & {
  side?: "left" | "right";
  variant?: "sidebar" | "floating" | "inset";
  /** Desktop collapse behaviour. Defaults to "icon". */
  collapsible?: "offcanvas" | "icon" | "none";
};

export function Sidebar({
  side = "left",
  variant = "sidebar",
  collapsible = "icon",
  className,
  children,
  ...props
}: SidebarProps) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  const returnFocusRef = React.use(SidebarReturnFocusContext);
  const [sheetLoaded, setSheetLoaded] = React.useState(false);
  if (openMobile && !sheetLoaded) setSheetLoaded(true);

  if (collapsible === "none") {
    return (
      <div
        data-slot="sidebar"
        className={cn(
          "flex h-full w-(--sidebar-width) flex-col bg-sidebar text-sidebar-foreground",
          className,
        )}
        {...props}
      >
        {children}
      </div>
    );
  }

  if (isMobile) {
    // A closed sheet shows nothing: its code loads the first time it opens, then stays.
    if (!openMobile && !sheetLoaded) return null;
    return (
      <React.Suspense fallback={null}>
        <SidebarSheet
          side={side}
          open={openMobile}
          onOpenChange={setOpenMobile}
          returnFocusRef={returnFocusRef}
          style={{ "--sidebar-width": SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
          {...props}
        >
          {children}
        </SidebarSheet>
      </React.Suspense>
    );
  }

  const offcanvasCollapsed = state === "collapsed" && collapsible === "offcanvas";

  // Before the scripts, or without them, a phone shows this same sidebar as a popover (issue 38):
  // the header's phone trigger opens it (`popoverTarget`), the browser closes it (Escape, a tap
  // outside). The wrapper is `contents` on a phone so that the popover has a box to show; on
  // larger screens the popover attribute's own styles are undone and it shows as before.
  return (
    <div
      className="group peer text-sidebar-foreground max-md:contents md:block"
      data-state={state}
      data-collapsible={state === "collapsed" ? collapsible : ""}
      data-variant={variant}
      data-side={side}
      data-slot="sidebar"
    >
      {/* Reserves the sidebar's width in the layout. */}
      <div
        data-slot="sidebar-gap"
        className={cn(
          "relative w-(--sidebar-width) bg-transparent max-md:hidden motion-safe:transition-[width] motion-safe:duration-200 motion-safe:ease-linear",
          "group-data-[collapsible=offcanvas]:w-0",
          "group-data-[side=right]:rotate-180",
          variant === "floating" || variant === "inset"
            ? "group-data-[collapsible=icon]:w-[calc(var(--sidebar-width-icon)+(--spacing(4)))]"
            : "group-data-[collapsible=icon]:w-(--sidebar-width-icon)",
        )}
      />
      <div
        data-slot="sidebar-container"
        id={SIDEBAR_POPOVER_ID}
        popover="auto"
        inert={offcanvasCollapsed}
        className={cn(
          "fixed inset-y-0 z-10 hidden h-svh w-(--sidebar-width) motion-safe:transition-[left,right,width] motion-safe:duration-200 motion-safe:ease-linear md:flex",
          // The popover's browser styles (margin, padding, border, colours, overflow), undone.
          "m-0 overflow-visible border-0 bg-transparent p-0 text-inherit open:flex max-md:shadow-lg max-md:backdrop:bg-black/50",
          side === "left"
            ? "right-auto left-0 group-data-[collapsible=offcanvas]:left-[calc(var(--sidebar-width)*-1)]"
            : "left-auto right-0 group-data-[collapsible=offcanvas]:right-[calc(var(--sidebar-width)*-1)]",
          variant === "floating" || variant === "inset"
            ? "p-2 group-data-[collapsible=icon]:w-[calc(var(--sidebar-width-icon)+(--spacing(4))+2px)]"
            : "group-data-[collapsible=icon]:w-(--sidebar-width-icon) group-data-[side=left]:border-r group-data-[side=right]:border-l",
          className,
        )}
        {...props}
      >
        <div
          data-sidebar="sidebar"
          data-slot="sidebar-inner"
          className="flex h-full w-full flex-col border-sidebar-border bg-sidebar group-data-[variant=floating]:rounded-lg group-data-[variant=floating]:border group-data-[variant=floating]:shadow-sm"
        >
          {children}
        </div>
      </div>
    </div>
  );
}

export function SidebarTrigger({
  className,
  onClick,
  ...props
}: React.ComponentProps<typeof Button>) {
  const { toggleSidebar, open, openMobile, isMobile } = useSidebar();
  const returnFocusRef = React.use(SidebarReturnFocusContext);
  const { pathname, search } = useLocation();

  const toggle = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onClick?.(event);
    if (returnFocusRef) returnFocusRef.current = event.currentTarget;
    toggleSidebar();
  };
  const content = (
    <>
      <PanelLeft aria-hidden="true" />
      <span className="sr-only">Toggle Sidebar</span>
    </>
  );

  // Issue 38: before the scripts arrive, or without them, the larger screens' button is a form
  // that posts to /preferences (the sidebar cookie, then back to the page), and a phone's opens
  // the sidebar as a popover. Once hydrated both toggle in place (a phone's opens the sheet); a
  // phone then keeps only its own.
  return (
    <form method="post" action="/preferences" className="contents">
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      {isMobile ? null : (
        <Button
          type="submit"
          name="sidebar"
          value={open ? "collapsed" : "expanded"}
          data-sidebar="trigger"
          data-slot="sidebar-trigger"
          variant="ghost"
          size="icon-sm"
          className={cn("max-md:hidden", className)}
          aria-expanded={open}
          onClick={toggle}
          {...props}
        >
          {content}
        </Button>
      )}
      <Button
        type="button"
        popoverTarget={SIDEBAR_POPOVER_ID}
        data-sidebar="trigger"
        data-slot="sidebar-trigger"
        variant="ghost"
        size="icon-sm"
        className={cn("md:hidden", className)}
        // Before hydration the browser says whether the popover is open.
        aria-expanded={isMobile ? openMobile : undefined}
        onClick={toggle}
        {...props}
      >
        {content}
      </Button>
    </form>
  );
}

/** Thin hit area on the sidebar edge for pointer users; keyboard users use SidebarTrigger. */
export function SidebarRail({ className, ...props }: React.ComponentProps<"button">) {
  const { toggleSidebar } = useSidebar();

  return (
    <button
      type="button"
      data-sidebar="rail"
      data-slot="sidebar-rail"
      aria-label="Toggle Sidebar"
      tabIndex={-1}
      onClick={toggleSidebar}
      title="Toggle Sidebar"
      // Its utilities are one class in app/app.css.
      className={cn("sidebar-rail", className)}
      {...props}
    />
  );
}

/** The area beside the sidebar (a plain container: put the page's header and <main> inside). */
export function SidebarInset({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sidebar-inset" className={cn("sidebar-inset", className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-header"
      data-sidebar="header"
      className={cn("flex flex-col gap-2 p-2", className)}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-footer"
      data-sidebar="footer"
      className={cn("flex flex-col gap-2 p-2", className)}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-content"
      data-sidebar="content"
      className={cn(
        "flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-group"
      data-sidebar="group"
      className={cn("relative flex w-full min-w-0 flex-col p-2", className)}
      {...props}
    />
  );
}

/** Group heading. Stays in the accessibility tree when collapsed to icons (only faded out). */
export function SidebarGroupLabel({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "div";

  return (
    <Comp
      data-slot="sidebar-group-label"
      data-sidebar="group-label"
      className={cn("sidebar-group-label", className)}
      {...props}
    />
  );
}

export function SidebarGroupContent({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-group-content"
      data-sidebar="group-content"
      className={cn("w-full text-sm", className)}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: React.ComponentProps<"ul">) {
  return (
    <ul
      data-slot="sidebar-menu"
      data-sidebar="menu"
      className={cn("flex w-full min-w-0 flex-col gap-1", className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: React.ComponentProps<"li">) {
  return (
    <li
      data-slot="sidebar-menu-item"
      data-sidebar="menu-item"
      className={cn("group/menu-item relative", className)}
      {...props}
    />
  );
}

const sidebarMenuButtonVariants = cva(
  // The utilities every menu entry shares are the class `sidebar-menu-button` (app/app.css):
  // one short class in each entry's HTML instead of a kilobyte of the same classes.
  "peer/menu-button sidebar-menu-button",
  {
    variants: {
      variant: {
        default: "",
        outline:
          "bg-background shadow-[0_0_0_1px_var(--color-sidebar-border)] hover:shadow-[0_0_0_1px_var(--color-sidebar-accent)]",
      },
      size: {
        default: "h-8 text-sm",
        sm: "h-7 text-xs",
        lg: "h-12 text-sm group-data-[collapsible=icon]:p-0!",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type SidebarMenuButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof sidebarMenuButtonVariants> & {
    /** Render the child element instead (e.g. a react-router `<NavLink>`). */
    asChild?: boolean;
    /** Marks the current item (NavLink's `aria-current="page"` is styled the same way). */
    isActive?: boolean;
    /** Shown beside the button when the desktop sidebar is collapsed to icons. */
    tooltip?: string | React.ComponentProps<typeof TooltipContent>;
  };

/**
 * Menu entry. Put the text label in a trailing `<span>` so it can be hidden visually
 * (but not from assistive tech) when the sidebar is collapsed to icons:
 * `<SidebarMenuButton asChild tooltip="Home"><NavLink to="/"><HomeIcon /><span>Home</span></NavLink></SidebarMenuButton>`
 */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  variant = "default",
  size = "default",
  tooltip,
  className,
  ...props
}: SidebarMenuButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  const { isMobile, state } = useSidebar();

  const button = (
    <Comp
      type={asChild ? undefined : "button"}
      data-slot="sidebar-menu-button"
      data-sidebar="menu-button"
      data-size={size}
      data-active={isActive}
      className={cn(sidebarMenuButtonVariants({ variant, size }), className)}
      {...props}
    />
  );

  // The label as a tooltip only where the sidebar is collapsed to icons (its code loads then).
  if (!tooltip || state !== "collapsed" || isMobile) {
    return button;
  }

  const content = typeof tooltip === "string" ? { children: tooltip } : tooltip;
  return (
    <React.Suspense fallback={button}>
      <SidebarTooltip button={button} content={content} />
    </React.Suspense>
  );
}
