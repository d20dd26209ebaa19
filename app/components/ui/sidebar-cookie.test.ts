import { describe, expect, it } from "vitest";
import {
  parseSidebarCookie,
  SIDEBAR_COOKIE,
  SIDEBAR_COOKIE_MAX_AGE,
  serializeSidebarCookie,
} from "./sidebar-cookie";

describe("sidebar cookie constants", () => {
  it("uses the agreed name and a 7-day max-age", () => {
    expect(SIDEBAR_COOKIE).toBe("sidebar_state");
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(60 * 60 * 24 * 7);
  });
});

describe("parseSidebarCookie", () => {
  it("defaults to open when the header is missing or empty", () => {
    expect(parseSidebarCookie(null)).toBe(true);
    expect(parseSidebarCookie("")).toBe(true);
  });

  it("defaults to open when the cookie is absent", () => {
    expect(parseSidebarCookie("theme=dark; session=abc")).toBe(true);
  });

  it("reads true and false", () => {
    expect(parseSidebarCookie("sidebar_state=true")).toBe(true);
    expect(parseSidebarCookie("sidebar_state=false")).toBe(false);
  });

  it("finds the cookie among others, with or without spaces", () => {
    expect(parseSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(parseSidebarCookie("a=1;sidebar_state=false;b=2")).toBe(false);
    expect(parseSidebarCookie("  sidebar_state = false ")).toBe(false);
  });

  it("does not match cookies whose name merely contains sidebar_state", () => {
    expect(parseSidebarCookie("my_sidebar_state=false")).toBe(true);
    expect(parseSidebarCookie("sidebar_state_old=false")).toBe(true);
  });

  it("defaults to open for invalid values", () => {
    expect(parseSidebarCookie("sidebar_state=")).toBe(true);
    expect(parseSidebarCookie("sidebar_state=0")).toBe(true);
    expect(parseSidebarCookie("sidebar_state=FALSE")).toBe(true);
    expect(parseSidebarCookie("sidebar_state")).toBe(true);
  });
});

describe("serializeSidebarCookie", () => {
  it("writes name, value, path and max-age", () => {
    expect(serializeSidebarCookie(true)).toBe(
      "sidebar_state=true; path=/; max-age=604800; SameSite=Lax",
    );
    expect(serializeSidebarCookie(false)).toBe(
      "sidebar_state=false; path=/; max-age=604800; SameSite=Lax",
    );
  });

  it("round-trips through parseSidebarCookie", () => {
    for (const open of [true, false]) {
      const pair = serializeSidebarCookie(open).split(";")[0] ?? "";
      expect(parseSidebarCookie(pair)).toBe(open);
    }
  });
});
