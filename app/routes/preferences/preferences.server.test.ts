import { describe, expect, it } from "vitest";
import { preferenceFrom, returnPath } from "./preferences.server";

describe("preferences set by a plain form", () => {
  it("sets the theme cookie and returns to the page", () => {
    expect(preferenceFrom({ theme: "dark", returnTo: "/pricing?package=Growth#quote" })).toEqual({
      ok: true,
      cookie: expect.stringMatching(/^theme=dark; path=\/; max-age=\d+; SameSite=Lax$/),
      to: "/pricing?package=Growth#quote",
    });
  });

  it("sets the sidebar cookie", () => {
    expect(preferenceFrom({ sidebar: "collapsed", returnTo: "/portal/projects" })).toMatchObject({
      ok: true,
      cookie: expect.stringMatching(/^sidebar_state=false;/),
      to: "/portal/projects",
    });
    expect(preferenceFrom({ sidebar: "expanded" })).toMatchObject({
      cookie: expect.stringMatching(/^sidebar_state=true;/),
      to: "/",
    });
  });

  it("refuses an unknown value, none, or both at once", () => {
    expect(preferenceFrom({ theme: "purple" })).toEqual({
      ok: false,
      message: "Choose light, dark or system",
    });
    expect(preferenceFrom({ sidebar: "open" })).toMatchObject({ ok: false });
    expect(preferenceFrom({})).toEqual({ ok: false, message: "Choose one preference" });
    expect(preferenceFrom({ theme: "dark", sidebar: "expanded" })).toMatchObject({ ok: false });
  });

  it("returns only to a path of this site", () => {
    for (const bad of ["https://evil.test/", "//evil.test/x", "/\\evil.test", "x", "/a\nb", 5]) {
      expect(returnPath(bad)).toBe("/");
    }
    expect(returnPath(`/${"a".repeat(3000)}`)).toBe("/");
    expect(returnPath("/about")).toBe("/about");
  });
});
