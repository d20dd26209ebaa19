/**
 * The portal's paths are lower case. Routes match a path in any case, but a cookie's Path does
 * not, so server.ts never serves a portal path in another case (issue 29): a read is redirected
 * to the canonical path, a write is a 404.
 */

/** The canonical form of a portal path written in another case, or null when there is none. */
export function canonicalPortalPath(pathname: string): string | null {
  if (!/^\/portal(?=[/.]|$)/i.test(pathname)) return null;
  const canonical = pathname.toLowerCase();
  return canonical === pathname ? null : canonical;
}

/** Where sign-in goes when it was not sent from a portal page, or was sent somewhere else. */
export const PORTAL_HOME = "/portal";
const NEXT_MAX = 2000;
const ORIGIN = "https://origin.invalid";

/**
 * Where to go after signing in, from the sign-in page's `next` (decision 053): a portal page of
 * this site (`/portal` or below it), with its query and fragment; anything else (another
 * origin, `//host`, a backslash, a control character, a path outside the portal, something too
 * long or not a string) is the portal's home.
 */
export function afterSignIn(next: unknown): string {
  if (typeof next !== "string" || next.length > NEXT_MAX) return PORTAL_HOME;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
  if (!next.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(next)) return PORTAL_HOME;
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return PORTAL_HOME;
  }
  if (url.origin !== ORIGIN || !/^\/portal(\/|$)/.test(url.pathname)) return PORTAL_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page for a signed-out request: `/auth?next=<the page asked for>`, or plain `/auth`
 * when that page is the portal's home. A data request (`/portal/messages.data?_routes=…`) names
 * its page (`/portal/messages`).
 */
export function signInPath(requestUrl: string): string {
  const url = new URL(requestUrl);
  const pathname = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  if (url.searchParams.get("index") === "") url.searchParams.delete("index");
  const page = afterSignIn(`${pathname}${url.search}`);
  return page === PORTAL_HOME ? "/auth" : `/auth?next=${encodeURIComponent(page)}`;
}
