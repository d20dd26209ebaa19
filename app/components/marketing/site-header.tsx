import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ThemeToggle } from "~/components/theme-toggle";
import { Button } from "~/components/ui/button";
import { mainNav } from "~/content/navigation";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-md py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
    isActive ? "text-primary" : "text-foreground/80",
  );
const desktopLinkClass = (state: { isActive: boolean }) => cn(linkClass(state), "px-1.5 xl:px-3");

/** The small screens' menu: an HTML popover, so it opens before (and without) the scripts. */
const MENU_ID = "mobile-menu";
export function SiteHeader() {
  // Undefined until hydrated: the browser itself says whether a popover's opener is expanded,
  // so the prerendered HTML claims nothing a visitor could make false before the scripts run.
  const [open, setOpen] = useState<boolean>();
  const menuRef = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(menuRef.current?.matches(":popover-open") ?? false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes
  useEffect(() => {
    if (menuRef.current?.matches(":popover-open")) menuRef.current.hidePopover();
  }, [location.pathname]);

  return (
    <header className="group/header sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 xl:px-8">
        <Link to="/" className="flex items-center gap-2 font-bold" aria-label={`${site.name} home`}>
          <Logo />
          <span className="whitespace-nowrap text-lg">{site.name}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={desktopLinkClass}
                  prefetch="intent"
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">
            <Button asChild variant="outline" size="sm">
              <Link to="/portal">Portal</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/contact">Book a Demo</Link>
            </Button>
          </div>

          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            popoverTarget={MENU_ID}
            aria-expanded={open}
            aria-controls={MENU_ID}
          >
            <Menu aria-hidden className="group-has-[#mobile-menu:popover-open]/header:hidden" />
            <X aria-hidden className="hidden group-has-[#mobile-menu:popover-open]/header:block" />
            {/* The name follows the menu's state by CSS, so it is right before hydration too. */}
            <span className="sr-only group-has-[#mobile-menu:popover-open]/header:hidden">
              Open menu
            </span>
            <span className="sr-only hidden group-has-[#mobile-menu:popover-open]/header:inline">
              Close menu
            </span>
          </Button>
        </div>
      </div>

      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click comes from the menu's links, which Enter also clicks */}
      <nav
        ref={menuRef}
        id={MENU_ID}
        popover="auto"
        aria-label="Mobile"
        onToggle={(event) => setOpen(event.newState === "open")}
        onClick={(event) => {
          // A link chosen closes the menu, also one to the page already shown.
          if (event.target instanceof Element && event.target.closest("a")) {
            menuRef.current?.hidePopover();
          }
        }}
        className="inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100svh-4rem)] w-full max-w-none overflow-y-auto border-0 border-t border-b bg-background px-4 pb-4 text-foreground shadow-md lg:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) => cn(linkClass({ isActive }), "block px-3")}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-col gap-2">
          <Button asChild variant="outline">
            <Link to="/portal">Portal</Link>
          </Button>
          <Button asChild>
            <Link to="/contact">Book a Demo</Link>
          </Button>
        </div>
      </nav>
    </header>
  );
}
