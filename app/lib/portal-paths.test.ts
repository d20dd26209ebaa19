import { describe, expect, it } from "vitest";
import { canonicalPortalPath } from "./portal-paths";

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
