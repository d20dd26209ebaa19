/** After `react-router build`: rewrite every prerendered page (app/server/defer-hydration.server.ts). */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deferHydration } from "../app/server/defer-hydration.server.ts";

const dir = path.resolve(process.argv[2] ?? "build/client");

function* pages(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (name === "assets") continue;
    if (statSync(full).isDirectory()) yield* pages(full);
    else if (name.endsWith(".html")) yield full;
  }
}

let count = 0;
for (const file of pages(dir)) {
  writeFileSync(file, deferHydration(readFileSync(file, "utf8")));
  count += 1;
}
console.log(`Hydration deferred past the first paint on ${count} prerendered pages`);
