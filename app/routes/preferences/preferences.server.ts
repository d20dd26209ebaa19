/**
 * Display preferences set by a plain form (issue 38): the theme and the portal's sidebar. With
 * JavaScript the toggles write their cookies themselves; before the scripts arrive, or without
 * them, the same buttons post here, the cookie is set and the browser returns to the page.
 */

import { serializeSidebarCookie } from "~/components/ui/sidebar-cookie";
import { serializeThemeCookie, type ThemePreference, themePreferences } from "~/lib/theme";
import type { Form } from "~/routes/form.server";

const RETURN_MAX = 2000;
const ORIGIN = "http://return.invalid";

/** A path of this site to go back to; anything else (another origin, `//host`…) is "/". */
export function returnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > RETURN_MAX) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  try {
    const url = new URL(value, ORIGIN);
    return url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}

export type PreferenceOutcome =
  | { ok: true; cookie: string; to: string }
  | { ok: false; message: string };

/** The cookie a posted preference sets, or what was wrong with the post. */
export function preferenceFrom(form: Form): PreferenceOutcome {
  const to = returnPath(form.returnTo);
  const { theme, sidebar } = form;
  if (theme !== undefined && sidebar === undefined) {
    if (!(themePreferences as readonly unknown[]).includes(theme)) {
      return { ok: false, message: "Choose light, dark or system" };
    }
    return { ok: true, cookie: serializeThemeCookie(theme as ThemePreference), to };
  }
  if (sidebar !== undefined && theme === undefined) {
    if (sidebar !== "expanded" && sidebar !== "collapsed") {
      return { ok: false, message: "Choose expanded or collapsed" };
    }
    return { ok: true, cookie: serializeSidebarCookie(sidebar === "expanded"), to };
  }
  return { ok: false, message: "Choose one preference" };
}
