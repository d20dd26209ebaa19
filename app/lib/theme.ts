/**
 * Light/dark theme: the visitor's preference lives in a `theme` cookie (light | dark | system)
 * that the browser writes; the `dark` class on <html> applies it. Prerendered pages cannot know
 * the cookie, so `themeScript` applies it before the first paint (see
 * docs/decisions/004-theme-without-flash.md).
 */
export const THEME_COOKIE = "theme";
/** One year, in seconds. */
export const THEME_COOKIE_MAX_AGE = 31536000;

export const themePreferences = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type Theme = "light" | "dark";

/**
 * Reads the theme preference from a `Cookie` request header (or `document.cookie`).
 * Returns "system" when the cookie is missing or holds anything but light/dark/system.
 */
export function parseThemeCookie(cookieHeader: string | null | undefined): ThemePreference {
  if (!cookieHeader) return "system";
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== THEME_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return (themePreferences as readonly string[]).includes(value)
      ? (value as ThemePreference)
      : "system";
  }
  return "system";
}

/** A cookie string for `document.cookie`. */
export function serializeThemeCookie(preference: ThemePreference): string {
  return `${THEME_COOKIE}=${preference}; path=/; max-age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The theme a preference shows, given whether the system asks for dark. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === "system") return systemDark ? "dark" : "light";
  return preference;
}

/**
 * The preference to store when the visitor switches to `theme`: the same as the system's
 * means "follow the system" again; anything else is an explicit choice.
 */
export function preferenceFor(theme: Theme, systemDark: boolean): ThemePreference {
  return (theme === "dark") === systemDark ? "system" : theme;
}

/**
 * Runs inline at the top of <head>, before any stylesheet or paint: reads the cookie (and the
 * system setting when it says "system") and sets class="dark" on <html>. Keep it in this one
 * constant: the Content-Security-Policy allows it by the hash of exactly this text.
 */
export const themeScript = `(function(){try{var m=document.cookie.match(/(?:^|;\\s*)theme=(light|dark)(?:;|$)/);var d=m?m[1]==="dark":window.matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;
