import { Moon, Sun } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
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

/** The theme on screen: the `dark` class the inline head script (or a toggle) set on <html>. */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const currentTheme = (): Theme =>
  document.documentElement.classList.contains("dark") ? "dark" : "light";
const serverTheme = (): Theme => "light";

/** A button that switches between the light and dark theme and remembers the choice. */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useSyncExternalStore(subscribe, currentTheme, serverTheme);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("shrink-0", className)}
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        // biome-ignore lint/suspicious/noDocumentCookie: plain cookie write; CookieStore is not universal
        document.cookie = serializeThemeCookie(preferenceFor(next, systemDark()));
        showTheme(next);
      }}
    >
      {/* Chosen by CSS, so the icon is right before the page hydrates. */}
      <Moon aria-hidden className="dark:hidden" />
      <Sun aria-hidden className="hidden dark:block" />
    </Button>
  );
}
