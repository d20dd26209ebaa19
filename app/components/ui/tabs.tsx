import * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): Tab reaches the selected tab, the arrow
 * keys, Home and End move to another tab and select it, the panel follows in the tab order.
 * Only the selected panel is rendered.
 *
 * Our own rather than Radix's: Radix's panel mounts its presence logic, which sets state while
 * React commits; on hydration that forces every pending effect of the page into the commit's
 * task, the sign-in page's one long task (decision 031).
 */
interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = React.useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const idFor = (baseId: string, part: "tab" | "panel", value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, "-")}`;

export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "defaultValue" | "onChange"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = React.useId();
  const [own, setOwn] = React.useState(defaultValue ?? "");
  const value = controlled ?? own;
  const state = React.useMemo<TabsState>(
    () => ({
      baseId,
      value,
      select: (next) => {
        if (next === value) return;
        if (controlled === undefined) setOwn(next);
        onValueChange?.(next);
      },
    }),
    [baseId, value, controlled, onValueChange],
  );
  return (
    <TabsContext.Provider value={state}>
      <div data-slot="tabs" className={className} {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** `fill`: the tabs share the full width equally. */
export function TabsList({
  className,
  fill = false,
  onKeyDown,
  ...props
}: React.ComponentProps<"div"> & { fill?: boolean }) {
  const { select } = useTabs("TabsList");
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        fill ? "grid w-full auto-cols-fr grid-flow-col" : "inline-flex",
        "h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        const tabs = [
          ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
        ];
        const at = tabs.indexOf(event.target as HTMLButtonElement);
        if (at < 0) return;
        const to = {
          ArrowRight: (at + 1) % tabs.length,
          ArrowLeft: (at - 1 + tabs.length) % tabs.length,
          Home: 0,
          End: tabs.length - 1,
        }[event.key];
        const tab = to === undefined ? undefined : tabs[to];
        if (!tab) return;
        event.preventDefault();
        tab.focus();
        select(tab.dataset.value as string);
      }}
      {...props}
    />
  );
}

const TRIGGER_CLASSES =
  "inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm";

/** What a tab carries, as a button or as a link. */
function useTrigger(value: string) {
  const { baseId, value: selected, select } = useTabs("TabsTrigger");
  const active = value === selected;
  return {
    select,
    attributes: {
      role: "tab",
      id: idFor(baseId, "tab", value),
      "aria-selected": active,
      "aria-controls": idFor(baseId, "panel", value),
      tabIndex: active ? 0 : -1,
      "data-state": active ? "active" : "inactive",
      "data-value": value,
    } as const,
  };
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const { select, attributes } = useTrigger(value);
  return (
    <button
      type="button"
      {...attributes}
      className={cn(TRIGGER_CLASSES, className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

/**
 * A tab that is also a link to the page with that tab selected: before the scripts arrive, or
 * without them, it loads that page; once hydrated it selects the tab in place (issue 38).
 */
export function TabsLink({
  value,
  href,
  className,
  ...props
}: Omit<React.ComponentProps<"a">, "href"> & { value: string; href: string }) {
  const { select, attributes } = useTrigger(value);
  return (
    <a
      {...attributes}
      href={href}
      className={cn(TRIGGER_CLASSES, className)}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: React.ComponentProps<"div"> & { value: string }) {
  const { baseId, value: selected } = useTabs("TabsContent");
  if (value !== selected) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(baseId, "panel", value)}
      aria-labelledby={idFor(baseId, "tab", value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern puts the panel in the tab order
      tabIndex={0}
      data-state="active"
      className={cn("mt-2 focus-visible:outline-2 focus-visible:outline-ring", className)}
      {...props}
    />
  );
}
