/**
 * After `react-router build`: the dark theme as a stylesheet of its own, `theme-dark.css`, for
 * pages read without JavaScript (app/lib/dark-css.ts; `/preferences/theme.css` imports it).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { darkOnlyCss } from "../app/lib/dark-css.ts";

const dir = path.resolve(process.argv[2] ?? "build/client");
const sheets = readdirSync(path.join(dir, "assets"))
  .filter((name) => name.endsWith(".css"))
  .sort();
const css = sheets
  .map((name) => darkOnlyCss(readFileSync(path.join(dir, "assets", name), "utf8")))
  .join("");
if (!css.includes(":root{")) throw new Error("dark-css: no dark palette found in the build's CSS");
writeFileSync(path.join(dir, "theme-dark.css"), css);
console.log(`Dark theme for pages without scripts: theme-dark.css, ${css.length} bytes`);
