/**
 * Which way the imports point (CONTRIBUTING.md, "Module dependencies"). Reads the source as
 * text and follows value imports (`import type` is erased at build time, so it is not followed).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(root, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The files a module imports directly (value imports of our own code). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? "");
    if (target) found.push(target);
  }
  return found;
}

/** Every module reached from `entry`, with the path that reached it. */
function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const next of importsOf(file)) {
      if (seen.has(next)) continue;
      seen.set(next, [...(seen.get(file) ?? []), next]);
      queue.push(next);
    }
  }
  return seen;
}

const rel = (file: string) => path.relative(root, file);
const at = (file: string) => path.join(root, file);

function importers(dir: string, files: string[]) {
  return files.filter((f) => rel(f).startsWith(dir));
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "+types" || name === "node_modules") continue;
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

describe("module dependencies", () => {
  const app = sourceFiles(at("app"));

  it("the roles CLI does not load the auth setup", () => {
    const reached = reachable(at("scripts/user-role.ts"));
    const auth = reached.get(at("app/server/accounts/auth.server.ts"));
    expect(auth?.map(rel), "path to auth.server.ts").toBeUndefined();
  });

  it("no module imports a route module (hooks and helpers live in components/ or lib/)", () => {
    // Test helpers (app/test/) drive routes as tests do; they are not part of the app.
    const offenders = app
      .filter((file) => !rel(file).startsWith("app/test/"))
      .flatMap((file) =>
        importsOf(file)
          // Route-specific server code beside its route (settings.server.ts) is not a route module.
          .filter(
            (target) => rel(target).startsWith("app/routes/") && !/\.server\.ts$/.test(target),
          )
          .map((target) => `${rel(file)} → ${rel(target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it("the sign-in pages do not import portal components", () => {
    const offenders = [
      ...importers("app/routes/auth/", app),
      ...importers("app/components/auth/", app),
    ].flatMap((file) =>
      importsOf(file)
        .filter((target) => rel(target).startsWith("app/components/portal/"))
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("route modules hold no SQL: no drizzle and no schema", () => {
    const offenders = importers("app/routes/", app).filter((file) => {
      const text = readFileSync(file, "utf8");
      return /from\s+["']drizzle-orm/.test(text) || /db\/schema\.server["']/.test(text);
    });
    expect(offenders.map(rel)).toEqual([]);
  });
});
