export const SIDEBAR_COOKIE = "sidebar_state";
/** 7 days, in seconds. */
export const SIDEBAR_COOKIE_MAX_AGE = 604800;

/**
 * Reads the sidebar open state from a `Cookie` request header (or `document.cookie`).
 * Returns `true` (expanded) when the cookie is missing or holds anything but "true"/"false".
 */
export function parseSidebarCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return true;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR_COOKIE) continue;
    return part.slice(eq + 1).trim() !== "false";
  }
  return true;
}

/** A cookie string for `document.cookie` (or a `Set-Cookie` header). */
export function serializeSidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open ? "true" : "false"}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
