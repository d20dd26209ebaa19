import { z } from "zod";

/** A toast carried across a redirect in a one-time cookie. */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "message"]).default("message"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const COOKIE = "toast";

export function toastCookie(toast: Toast): string {
  const value = Buffer.from(JSON.stringify(toast)).toString("base64url");
  return `${COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

const clear = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** Read the toast (if any) and the header that clears it. */
export function readToast(request: Request): { toast: Toast | null; clearHeader: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.match(/(?:^|;\s*)toast=([^;]+)/);
  if (!match?.[1]) return { toast: null, clearHeader: null };
  try {
    const parsed = toastSchema.safeParse(
      JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")),
    );
    return { toast: parsed.success ? parsed.data : null, clearHeader: clear };
  } catch {
    return { toast: null, clearHeader: clear };
  }
}
