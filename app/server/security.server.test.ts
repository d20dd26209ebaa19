import { describe, expect, it } from "vitest";
import {
  BASELINE_CSP,
  commonSecurityHeaders,
  documentCsp,
  inlineScriptHashes,
  isForeignOriginWrite,
  sha256Source,
} from "./security.server";

describe("CSP", () => {
  it("hashes inline executable scripts only", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{"x":1}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256Source("a()"), sha256Source("b()")]);
    expect(sha256Source("a()")).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it("allows no inline script without its nonce or hash, and no framing", () => {
    const csp = documentCsp(["'nonce-abc'"]);
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(BASELINE_CSP).toContain("default-src 'none'");
  });

  it("lets forms post to us, and to PayFast only when 'Pay now' is on (decision 074)", () => {
    expect(documentCsp(["'nonce-abc'"])).toContain("form-action 'self';");
    expect(documentCsp(["'nonce-abc'"], ["https://www.payfast.co.za"])).toContain(
      "form-action 'self' https://www.payfast.co.za;",
    );
  });

  it("sends HSTS only in production", () => {
    expect(commonSecurityHeaders(true)["Strict-Transport-Security"]).toContain("max-age=");
    expect(commonSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(commonSecurityHeaders(false)["X-Content-Type-Options"]).toBe("nosniff");
  });
});

describe("cross-site writes", () => {
  const allowed = ["http://localhost:3000"];
  it.each([
    ["POST", { origin: "https://evil.example" }, true],
    ["DELETE", { origin: "https://evil.example" }, true],
    ["POST", { origin: "null" }, true],
    ["POST", { secFetchSite: "cross-site" }, true],
    ["POST", { origin: "http://localhost:3000" }, false],
    ["PUT", { secFetchSite: "same-origin" }, false],
    ["POST", {}, false],
    ["GET", { origin: "https://evil.example" }, false],
  ] as const)("%s %j → foreign %s", (method, headers, expected) => {
    expect(isForeignOriginWrite(method, headers, allowed)).toBe(expected);
  });
});
