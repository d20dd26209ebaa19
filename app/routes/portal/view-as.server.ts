/**
 * 'View as client': an administrator sees the portal as one client's contacts see it, read-only
 * (decision 018). The client viewed travels in a signed cookie, so nobody can forge one; the
 * portal context turns it into a client scope and refuses every write while it is set.
 */
import { createHmac } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { env } from "~/server/env.server";

const NAME = "view_as";

let jar: { secret: string; cookie: Cookie } | undefined;

function viewAsCookie(): Cookie {
  const { AUTH_SECRET } = env();
  if (jar?.secret !== AUTH_SECRET) {
    const key = createHmac("sha256", AUTH_SECRET).update("view-as-cookie").digest("base64url");
    jar = {
      secret: AUTH_SECRET,
      cookie: createCookie(NAME, {
        // Every path: a cookie's Path is case-sensitive and routes are not, so with
        // Path=/portal a write to /PORTAL/… came without it and was not refused (issue 29).
        path: "/",
        // A working session, not a setting: it ends with the browser or after 8 hours.
        maxAge: 8 * 60 * 60,
        httpOnly: true,
        sameSite: "lax",
        secrets: [key],
      }),
    };
  }
  return jar.cookie;
}

/** The client an administrator is viewing as (only if we signed the cookie), or null. */
export async function readViewAs(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${NAME}=`)) return null;
  try {
    const value = await viewAsCookie().parse(header);
    return typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie header that starts viewing as this client. */
export function startViewingAs(clientId: string): Promise<string> {
  return viewAsCookie().serialize(clientId);
}

/** The Set-Cookie header that stops viewing as a client. */
export function stopViewingAs(): Promise<string> {
  return viewAsCookie().serialize("", { maxAge: 0 });
}

/** Clears a cookie set before the path was "/" (Path=/portal, for 8 hours at most). */
export const CLEAR_OLD_VIEW_AS = `${NAME}=; Path=/portal; Max-Age=0; HttpOnly; SameSite=Lax`;
