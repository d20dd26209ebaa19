/**
 * The dark theme as a stylesheet of its own, for pages read without JavaScript (issue 38,
 * decision 088). The `dark` class on <html> is set by the theme script, so without scripts a page
 * stays light whatever the visitor chose; `/preferences/theme.css`, linked from a <noscript> in
 * the head, answers with this stylesheet when the `theme` cookie (or the system, when there is
 * none) asks for dark. Made at build time from the build's own CSS: every rule that applies only
 * under `.dark` (the palette, the `dark:` utilities), with `.dark` made always true, inside the
 * same at-rules and layers, so it wins exactly where the class would have.
 */

/** Tailwind's `dark:` variant (app.css: `@custom-variant dark (&:where(.dark, .dark *))`). */
const DARK_WHERE = ":where(.dark,.dark *)";

/** The class `.dark` itself, not a `dark:` utility's name (`.dark\:hidden`). */
const DARK_CLASS = /\.dark(?![\w\\-])/;

/** One selector list of a rule under `.dark`, with `.dark` always true; throws on any other form. */
export function forceDarkSelector(selector: string): string {
  if (selector.includes(`:not(${DARK_WHERE})`)) {
    throw new Error(
      `dark-css: "${selector}" applies only when the theme is light (a not-dark: variant); without scripts it cannot be undone. Use dark: on the other element instead.`,
    );
  }
  const forced = selector
    .split(",")
    .map((part) => (part.trim() === ".dark" ? ":root" : part))
    .join(",")
    .replaceAll(DARK_WHERE, "");
  if (DARK_CLASS.test(forced)) {
    throw new Error(`dark-css: a selector under .dark that is not understood: "${selector}"`);
  }
  return forced;
}

/**
 * Walks `css` from `from`, past escapes (`\\{` in a class name) and strings; returns the index of
 * the first character `stop` accepts at the given nesting depth (0 outside any block), or -1.
 */
function walk(css: string, from: number, stop: (c: string, depth: number) => boolean): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css.charAt(i);
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      if (close === -1) return -1;
      i = close;
      continue;
    }
    if (c === "}") depth--;
    if (stop(c, depth)) return i;
    if (c === "{") depth++;
  }
  return -1;
}

/** At-rules that only group rules: kept around the dark rules inside them. */
const GROUPING = /^@(media|supports|layer|container|starting-style)\b/;

/**
 * Every rule of `css` (minified, as the build writes it) whose selector needs `.dark`, with
 * `.dark` made always true; grouping at-rules (media, supports, layer…) kept around them, the
 * rest (other rules, keyframes, @property, statements) left out.
 */
export function darkOnlyCss(css: string): string {
  let out = "";
  let i = 0;
  while (i < css.length) {
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    const next = walk(css, i, (c, depth) => depth === 0 && (c === "{" || c === ";"));
    if (next === -1) break;
    if (css[next] === ";") {
      // A statement (`@layer a,b;`, `@import …;`): the page's own stylesheet has it.
      i = next + 1;
      continue;
    }
    const brace = next;
    const prelude = css.slice(i, brace).trim();
    const end = walk(css, brace + 1, (c, depth) => c === "}" && depth === -1);
    if (end === -1) throw new Error("dark-css: unbalanced braces");
    const body = css.slice(brace + 1, end);
    if (prelude.startsWith("@")) {
      if (GROUPING.test(prelude)) {
        const inner = darkOnlyCss(body);
        if (inner) out += `${prelude}{${inner}}`;
      }
    } else if (DARK_CLASS.test(prelude)) {
      if (body.includes("{")) throw new Error(`dark-css: a nested rule under "${prelude}"`);
      out += `${forceDarkSelector(prelude)}{${body}}`;
    }
    i = end + 1;
  }
  return out;
}

/**
 * What `/preferences/theme.css` answers for a theme preference: the dark stylesheet (by
 * `@import`, so that it is a cached static file), under the system's setting for "system", and
 * nothing for "light".
 */
export function themeStylesheet(preference: "light" | "dark" | "system", darkHref: string) {
  if (preference === "light") return "";
  const media = preference === "system" ? " (prefers-color-scheme: dark)" : "";
  return `@import url("${darkHref}")${media};\n`;
}
