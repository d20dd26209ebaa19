/**
 * Security headers, shared by the production server (static files) and the SSR entry
 * (documents). No imports: server.ts loads this file directly with Node's type stripping.
 */
import { createHash } from "node:crypto";

/** 'sha256-…' source for an inline script's exact text. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** Hash sources of every inline executable <script> in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? "";
    if (/\ssrc\s*=/.test(attrs)) continue;
    const type = attrs.match(/\stype\s*=\s*["']?([^"'\s>]+)/i)?.[1]?.toLowerCase();
    if (
      type &&
      type !== "module" &&
      type !== "text/javascript" &&
      type !== "application/javascript"
    ) {
      continue; // data blocks such as application/ld+json are not executed
    }
    hashes.add(sha256Source(match[2] ?? ""));
  }
  return [...hashes];
}

/**
 * The policy of an HTML page: scripts only from us, plus the nonce or hashes given; forms post
 * to us and to `formTargets` only (PayFast's origin when 'Pay now' is on, decision 074).
 */
export function documentCsp(scriptSources: string[], formTargets: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.openstreetmap.org",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join("; ");
}

/** The policy of everything that is not a page (JSON, assets, streams). */
export const BASELINE_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every response carries. */
export function commonSecurityHeaders(production: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from a foreign site: its Origin is neither our own
 * nor BASE_URL's, or (without Origin) the browser marks it cross-site. Requests without either
 * header do not come from a browser page and carry no ambient credentials to abuse.
 */
export function isForeignOriginWrite(
  method: string,
  headers: { origin?: string | null; secFetchSite?: string | null },
  allowedOrigins: string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.origin;
  if (origin && origin !== "null") return !allowedOrigins.includes(origin);
  if (origin === "null") return true;
  return headers.secFetchSite === "cross-site";
}
