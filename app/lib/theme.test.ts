import { describe, expect, it } from "vitest";
import {
  parseThemeCookie,
  preferenceFor,
  resolveTheme,
  serializeThemeCookie,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE,
  themeScript,
} from "./theme";

describe("theme cookie", () => {
  it("is named theme and lasts one year", () => {
    expect(THEME_COOKIE).toBe("theme");
    expect(THEME_COOKIE_MAX_AGE).toBe(60 * 60 * 24 * 365);
  });

  it("defaults to system when the header or the cookie is missing", () => {
    expect(parseThemeCookie(null)).toBe("system");
    expect(parseThemeCookie(undefined)).toBe("system");
    expect(parseThemeCookie("")).toBe("system");
    expect(parseThemeCookie("sidebar_state=false; session=abc")).toBe("system");
  });

  it("reads light, dark and system among other cookies, with or without spaces", () => {
    expect(parseThemeCookie("theme=light")).toBe("light");
    expect(parseThemeCookie("a=1; theme=dark; b=2")).toBe("dark");
    expect(parseThemeCookie("a=1;theme=dark;b=2")).toBe("dark");
    expect(parseThemeCookie("  theme = dark ")).toBe("dark");
    expect(parseThemeCookie("theme=system")).toBe("system");
  });

  it("ignores other values and cookies whose name merely contains theme", () => {
    expect(parseThemeCookie("theme=DARK")).toBe("system");
    expect(parseThemeCookie("theme=")).toBe("system");
    expect(parseThemeCookie("theme")).toBe("system");
    expect(parseThemeCookie("theme=<script>")).toBe("system");
    expect(parseThemeCookie("my_theme=dark")).toBe("system");
    expect(parseThemeCookie("theme_old=dark")).toBe("system");
  });

  it("serializes with path=/, one year and SameSite=Lax, and round-trips", () => {
    expect(serializeThemeCookie("dark")).toBe("theme=dark; path=/; max-age=31536000; SameSite=Lax");
    for (const preference of ["light", "dark", "system"] as const) {
      const pair = serializeThemeCookie(preference).split(";")[0] ?? "";
      expect(parseThemeCookie(pair)).toBe(preference);
    }
  });
});

describe("resolveTheme and preferenceFor", () => {
  it("follows the system only when the preference says system", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("stores system when the chosen theme is the system's, else the choice", () => {
    expect(preferenceFor("dark", true)).toBe("system");
    expect(preferenceFor("light", false)).toBe("system");
    expect(preferenceFor("dark", false)).toBe("dark");
    expect(preferenceFor("light", true)).toBe("light");
  });
});

describe("themeScript", () => {
  /** Runs the inline script against a fake document and matchMedia; returns the html class. */
  function run(cookie: string, systemDark: boolean, initial: string[] = []) {
    const classes = new Set(initial);
    const document = {
      cookie,
      documentElement: {
        classList: {
          toggle: (name: string, force: boolean) => {
            if (force) classes.add(name);
            else classes.delete(name);
          },
        },
      },
    };
    const window = {
      matchMedia: (query: string) => ({ matches: systemDark && /dark/.test(query) }),
    };
    new Function("document", "window", themeScript)(document, window);
    return [...classes];
  }

  it("sets dark from the cookie whatever the system says", () => {
    expect(run("theme=dark", false)).toEqual(["dark"]);
    expect(run("a=1; theme=light", true, ["dark"])).toEqual([]);
  });

  it("follows prefers-color-scheme when the cookie says system, is missing or is invalid", () => {
    for (const cookie of ["theme=system", "", "theme=purple", "my_theme=dark"]) {
      expect(run(cookie, true), cookie).toEqual(["dark"]);
      expect(run(cookie, false), cookie).toEqual([]);
    }
  });

  it("never throws (a browser without matchMedia keeps the light theme)", () => {
    const document = { cookie: "", documentElement: { classList: { toggle: () => {} } } };
    expect(() => new Function("document", "window", themeScript)(document, {})).not.toThrow();
  });

  it("is a small, self-contained expression with no closing script tag", () => {
    expect(themeScript.length).toBeLessThan(400);
    expect(themeScript).not.toMatch(/<\/script/i);
  });
});
