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
