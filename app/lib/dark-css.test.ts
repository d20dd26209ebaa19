import { describe, expect, it } from "vitest";
import { darkOnlyCss, forceDarkSelector, themeStylesheet } from "./dark-css";

describe("the dark theme for pages without scripts", () => {
  const css =
    "/*! tailwindcss */@layer theme,base,utilities;@layer base{html{color-scheme:light}}" +
    "@layer utilities{.hidden{display:none}.dark\\:hidden:where(.dark,.dark *){display:none}" +
    "@supports (color:color-mix(in lab, red, red)){.dark\\:bg-x\\/60:where(.dark,.dark *){color:red}.bg-y{color:blue}}" +
    '.content-\\[\\"\\{\\"\\]{--tw-content:"{"}}' +
    ":root{--background:white}.dark{color-scheme:dark;--background:black}" +
    "@media print{.dark{--background:white}[data-slot=sidebar]{display:none}}" +
    '@keyframes spin{to{transform:rotate(360deg)}}@property --tw-x{syntax:"*";inherits:false}';

  it("keeps only the rules under .dark, with .dark always true, inside their at-rules", () => {
    expect(darkOnlyCss(css)).toBe(
      "@layer utilities{.dark\\:hidden{display:none}" +
        "@supports (color:color-mix(in lab, red, red)){.dark\\:bg-x\\/60{color:red}}}" +
        ":root{color-scheme:dark;--background:black}@media print{:root{--background:white}}",
    );
  });

  it("refuses a not-dark: variant and any other use of .dark it does not understand", () => {
    expect(() => forceDarkSelector(".not-dark\\:hidden:not(:where(.dark,.dark *))")).toThrow(
      /not-dark/,
    );
    expect(() => forceDarkSelector(".dark .card")).toThrow(/not understood/);
    expect(forceDarkSelector(".a,.dark")).toBe(".a,:root");
  });

  it("imports the stylesheet for dark, under the system's setting for system, not for light", () => {
    expect(themeStylesheet("dark", "/theme-dark.css")).toBe('@import url("/theme-dark.css");\n');
    expect(themeStylesheet("system", "/theme-dark.css")).toBe(
      '@import url("/theme-dark.css") (prefers-color-scheme: dark);\n',
    );
    expect(themeStylesheet("light", "/theme-dark.css")).toBe("");
  });
});
