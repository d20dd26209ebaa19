import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
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

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
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
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!open}
        className="border-t bg-background px-4 pb-4 lg:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) => cn(linkClass({ isActive }), "block px-3")}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-col gap-2">
          <Button asChild variant="outline">
            <Link to="/portal" onClick={() => setOpen(false)}>
              Portal
            </Link>
          </Button>
          <Button asChild>
            <Link to="/contact" onClick={() => setOpen(false)}>
              Book a Demo
            </Link>
          </Button>
        </div>
      </nav>
    </header>
  );
}
