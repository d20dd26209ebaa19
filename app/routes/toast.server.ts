/**
 * A toast carried across a redirect in a one-time cookie: an action says 'Password changed'
 * and redirects, and the next page's loader reads it (and clears it). The cookie is signed
 * with a key derived from AUTH_SECRET, so a forged or tampered cookie is ignored: the site
 * never shows a message it did not write.
 */
import { createHmac } from "node:crypto";
import { type Cookie, createCookie, redirect } from "react-router";
import { z } from "zod";
import { env } from "~/server/env.server";

export const toastSchema = z.object({
  type: z.enum(["success", "error", "message"]).default("message"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  /** The page it lands on says it in place (Settings' two-factor card): a toast, no text. */
  inPage: z.boolean().optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const NAME = "toast";
const clear = `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

let cookie: { secret: string; cookie: Cookie } | undefined;

/** The signed cookie, keyed by AUTH_SECRET (its own key, not the session's). */
function toastCookieJar(): Cookie {
  const { AUTH_SECRET } = env();
  if (cookie?.secret !== AUTH_SECRET) {
    const key = createHmac("sha256", AUTH_SECRET).update("toast-cookie").digest("base64url");
    cookie = {
      secret: AUTH_SECRET,
      cookie: createCookie(NAME, {
        path: "/",
        maxAge: 60,
        httpOnly: true,
        sameSite: "lax",
        secrets: [key],
      }),
    };
  }
  return cookie.cookie;
}

/** The Set-Cookie header that carries a toast to the next page. */
export function toastCookie(toast: Toast): Promise<string> {
  return toastCookieJar().serialize(toast);
}

/** A redirect that shows a toast on the page it lands on. */
export async function redirectWithToast(url: string, toast: Toast, headers?: HeadersInit) {
  const out = new Headers(headers);
  out.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers: out });
}

/** The toast (if any, and only if we signed it) and the header that clears the cookie. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const header = request.headers.get("cookie") ?? "";
  if (!new RegExp(`(?:^|;\\s*)${NAME}=`).test(header)) return { toast: null, clearHeader: null };
  let value: unknown = null;
  try {
    value = await toastCookieJar().parse(header);
  } catch {
    value = null;
  }
  const parsed = toastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, clearHeader: clear };
}
