import { describe, expect, it } from "vitest";
import { afterSignIn, canonicalPortalPath, signInPath } from "./portal-paths";

describe("canonicalPortalPath", () => {
  it("gives the lower-case path of a portal path in another case", () => {
    expect(canonicalPortalPath("/PORTAL/messages")).toBe("/portal/messages");
    expect(canonicalPortalPath("/Portal")).toBe("/portal");
    expect(canonicalPortalPath("/portal/Settings.data")).toBe("/portal/settings.data");
    expect(canonicalPortalPath("/pORTAL/projects/4F1C/files")).toBe("/portal/projects/4f1c/files");
  });

  it("leaves canonical portal paths and every other path alone", () => {
    for (const path of ["/portal", "/portal/messages", "/portal.data", "/About", "/portals", "/"]) {
      expect(canonicalPortalPath(path), path).toBeNull();
    }
    expect(canonicalPortalPath("/invitation/AbC")).toBeNull();
    expect(canonicalPortalPath("/PORTALS/x")).toBeNull();
  });
});

describe("afterSignIn", () => {
  it("keeps a portal page of this site, with its query and fragment", () => {
    expect(afterSignIn("/portal/messages?id=4f1c")).toBe("/portal/messages?id=4f1c");
    expect(afterSignIn("/portal/projects/4f1c#files")).toBe("/portal/projects/4f1c#files");
    expect(afterSignIn("/portal")).toBe("/portal");
  });

  it("sends everything else to /portal", () => {
    for (const next of [
      undefined,
      null,
      42,
      "",
      "portal/messages",
      "https://evil.example/portal",
      "//evil.example/portal",
      "/\\evil.example/portal",
      "/portal\\..\\auth",
      "/portal/%0d%0aSet-Cookie:x".replace("%0d%0a", "\r\n"),
      "/auth",
      "/api/auth/sign-out",
      "/portals",
      "/portal/../auth",
      `/portal/${"a".repeat(2100)}`,
      "javascript:alert(1)",
    ]) {
      expect(afterSignIn(next), String(next)).toBe("/portal");
    }
  });
});

describe("signInPath", () => {
  it("names the page a signed-out request asked for", () => {
    expect(signInPath("http://localhost:3000/portal/messages?id=7")).toBe(
      `/auth?next=${encodeURIComponent("/portal/messages?id=7")}`,
    );
    expect(signInPath("http://localhost:3000/portal/projects/9.data?_routes=routes%2Fx")).toBe(
      `/auth?next=${encodeURIComponent("/portal/projects/9")}`,
    );
    expect(signInPath("http://localhost:3000/portal/messages.data?index&_routes=a")).toBe(
      `/auth?next=${encodeURIComponent("/portal/messages")}`,
    );
  });

  it("is plain /auth for the portal's home", () => {
    expect(signInPath("http://localhost:3000/portal")).toBe("/auth");
    expect(signInPath("http://localhost:3000/portal.data")).toBe("/auth");
    expect(signInPath("http://localhost:3000/portal/")).toBe(
      `/auth?next=${encodeURIComponent("/portal/")}`,
    );
  });
});
