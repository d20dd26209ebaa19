import { Moon, Sun } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  parseThemeCookie,
  preferenceFor,
  resolveTheme,
  serializeThemeCookie,
  type Theme,
} from "~/lib/theme";
import { cn } from "~/lib/utils";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemDark() {
  return window.matchMedia(DARK_QUERY).matches;
}

function showTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
}

/** Applies the stored preference again (the system setting or another tab may have changed it). */
function applyStoredTheme() {
  showTheme(resolveTheme(parseThemeCookie(document.cookie), systemDark()));
}

/**
 * Keeps <html> in step with the system setting and with choices made in other tabs. Also applies
 * the stored theme once on start, in case a Content-Security-Policy kept the head script out.
 */
export function useThemeSync() {
  useEffect(() => {
    applyStoredTheme();
    const media = window.matchMedia(DARK_QUERY);
    const onVisible = () => {
      if (document.visibilityState === "visible") applyStoredTheme();
    };
    media.addEventListener("change", applyStoredTheme);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      media.removeEventListener("change", applyStoredTheme);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}

/** One of the toggle's two buttons; CSS shows the one for the theme on screen. */
function SwitchTo({ theme }: { theme: Theme }) {
  return (
    <Button
      type="submit"
      name="theme"
      value={theme}
      variant="ghost"
      size="icon"
      aria-label={`Switch to ${theme} theme`}
      onClick={(event) => {
        // With the scripts: no round trip; the cookie is written here and the page repainted.
        event.preventDefault();
        // biome-ignore lint/suspicious/noDocumentCookie: plain cookie write; CookieStore is not universal
        document.cookie = serializeThemeCookie(preferenceFor(theme, systemDark()));
        showTheme(theme);
      }}
    >
      {theme === "dark" ? <Moon aria-hidden /> : <Sun aria-hidden />}
    </Button>
  );
}

/**
 * A button that switches between the light and dark theme and remembers the choice. It is a
 * form (issue 38): before the scripts arrive, or without them, it posts to /preferences, which
 * sets the cookie and returns to the page; the theme script applies it as the page loads. The
 * `dark` class on <html> chooses which button shows, so it is right before hydration too.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  return (
    <form method="post" action="/preferences" className={cn("flex shrink-0", className)}>
      <input type="hidden" name="returnTo" value={`${pathname}${search}${hash}`} />
      {/* Each in a box of its own: `dark:` alone picks the one, so that the dark stylesheet for
          pages without scripts (app/lib/dark-css.ts) picks it too. */}
      <span className="contents dark:hidden">
        <SwitchTo theme="dark" />
      </span>
      <span className="hidden dark:contents">
        <SwitchTo theme="light" />
      </span>
    </form>
  );
}
