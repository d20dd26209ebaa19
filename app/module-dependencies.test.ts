/**
 * Which way the imports point (CONTRIBUTING.md, "The floor plan" and "Module dependencies").
 * Reads the source as text. The roles CLI rule follows value imports only (`import type` is
 * erased at build time, so it loads nothing); the floor plan follows every import, types too:
 * a type is knowledge of the module it comes from.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;
const ANY_IMPORT =
  /^\s*(?:import|export)\s+(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

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

/** The files a module imports directly (our own code): value imports, or every import. */
function importsOf(file: string, { types = false } = {}): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(types ? ANY_IMPORT : VALUE_IMPORT)) {
    const target = resolve(file, match[1] ?? match[2] ?? "");
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

/** The code of a module without its comments and the text of its strings. */
function codeOnly(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    if (two === "//") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (two === "/*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (text[i] === '"' || text[i] === "'" || text[i] === "`") {
      const quote = text[i];
      i++;
      while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
      i++;
      out += `${quote}${quote}`;
    } else {
      out += text[i];
      i++;
    }
  }
  return out;
}

// --- The floor plan -------------------------------------------------------------------------

/**
 * The floors, bottom to top: a module imports from its own floor or a lower one, never from a
 * higher one. A room is a folder of app/server (`accounts/`) or a file directly in it
 * (`env.server.ts`); on the edge, a folder of app/routes or a file directly in it.
 */
const FLOORS = [
  {
    name: "shared code",
    holds: ["app/lib/", "app/content/"],
  },
  {
    name: "infrastructure",
    holds: ["app/server/*.ts", "app/server/db/", "app/server/email/"],
  },
  {
    name: "workspace kernel",
    holds: ["app/server/workspace/"],
  },
  {
    name: "accounts",
    holds: ["app/server/accounts/"],
  },
  {
    name: "domains",
    holds: ["app/server/*/"], // every other folder of app/server
  },
  {
    name: "request edge",
    holds: ["app/routes/", "app/entry.server.tsx", "app/root.tsx"],
  },
] as const;

type Floor = (typeof FLOORS)[number]["name"];

/** The room of a file: `app/server/accounts/`, `app/server/env.server.ts`, `app/routes/portal/`. */
function roomOf(file: string): string | null {
  const r = rel(file);
  for (const area of ["app/server/", "app/routes/"]) {
    if (!r.startsWith(area)) continue;
    const [first, ...rest] = r.slice(area.length).split("/");
    return rest.length > 0 ? `${area}${first}/` : r;
  }
  for (const area of ["app/lib/", "app/content/"]) if (r.startsWith(area)) return area;
  return r === "app/entry.server.tsx" || r === "app/root.tsx" ? r : null;
}

/** A room's floor: a room named on a floor, else the first pattern that matches it. */
function floorOf(room: string): Floor | null {
  const named = FLOORS.find((f) => (f.holds as readonly string[]).includes(room));
  if (named) return named.name;
  for (const floor of FLOORS) {
    for (const pattern of floor.holds) {
      if (pattern === "app/server/*.ts" && /^app\/server\/[^/]+\.ts$/.test(room)) return floor.name;
      if (pattern === "app/server/*/" && /^app\/server\/[^/]+\/$/.test(room)) return floor.name;
      if (pattern.endsWith("/") && room.startsWith(pattern)) return floor.name;
    }
  }
  return null;
}

const level = (floor: Floor) => FLOORS.findIndex((f) => f.name === floor);

/** Every import between two rooms of the floor plan: `from → to`, with the files that make it. */
function roomGraph(files: string[]) {
  const arrows = new Map<string, { from: string; to: string; files: string[] }>();
  for (const file of files) {
    const from = roomOf(file);
    if (!from || !floorOf(from)) continue;
    for (const target of importsOf(file, { types: true })) {
      const to = roomOf(target);
      if (!to || to === from || !floorOf(to)) continue;
      const key = `${from} → ${to}`;
      const arrow = arrows.get(key) ?? { from, to, files: [] };
      arrow.files.push(`${rel(file)} → ${rel(target)}`);
      arrows.set(key, arrow);
    }
  }
  return [...arrows.values()];
}

/** The groups of rooms that import each other round in a circle (Tarjan's algorithm). */
function cycles(rooms: string[], arrows: { from: string; to: string }[]): string[][] {
  const next = new Map(rooms.map((r) => [r, arrows.filter((a) => a.from === r).map((a) => a.to)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (room: string) => {
    index.set(room, index.size);
    low.set(room, index.get(room) as number);
    stack.push(room);
    for (const to of next.get(room) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room) as number, low.get(to) as number));
      } else if (stack.includes(to)) {
        low.set(room, Math.min(low.get(room) as number, index.get(to) as number));
      }
    }
    if (low.get(room) === index.get(room)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== room);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const room of rooms) if (!index.has(room)) visit(room);
  return found;
}

describe("module dependencies", () => {
  const app = sourceFiles(at("app"));
  const server = importers("app/server/", app);

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
          // Request handling beside a route (settings.server.ts) is not a route module.
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

  describe("the floor plan", () => {
    const arrows = roomGraph(app);
    const rooms = [...new Set(app.map(roomOf).filter((r): r is string => !!r && !!floorOf(r)))];
    const upward = arrows.filter(
      (a) => level(floorOf(a.to) as Floor) > level(floorOf(a.from) as Floor),
    );

    it("every module of app/server and app/routes is on a floor", () => {
      const homeless = [...server, ...importers("app/routes/", app)].filter((file) => {
        const room = roomOf(file);
        return !room || !floorOf(room);
      });
      expect(homeless.map(rel)).toEqual([]);
    });

    it("no import runs from a lower floor to a higher one", () => {
      const plan = FLOORS.map((floor) => {
        const here = rooms.filter((r) => floorOf(r) === floor.name).sort();
        return `  ${level(floor.name) + 1}. ${floor.name}: ${here.map((r) => r.replace(/^app\/(server|routes)\//, "")).join(", ")}`;
      });
      console.info(
        [
          `The floor plan, bottom to top (${rooms.length} rooms on ${FLOORS.length} floors):`,
          ...plan,
          `Upward arrows: ${upward.length}`,
        ].join("\n"),
      );
      expect(upward.flatMap((a) => a.files)).toEqual([]);
    });

    it("no rooms of app/server import each other round in a circle", () => {
      const inServer = rooms.filter((r) => r.startsWith("app/server/"));
      const serverArrows = arrows.filter(
        (a) => inServer.includes(a.from) && inServer.includes(a.to),
      );
      expect(cycles(inServer, serverArrows)).toEqual([]);
    });

    it("db/ knows no domain: it imports only db/, the settings and the logger", () => {
      const allowed = ["app/server/db/", "app/server/env.server.ts", "app/server/logger.server.ts"];
      const offenders = importers("app/server/db/", app).flatMap((file) =>
        importsOf(file, { types: true })
          .filter((target) => rel(target).startsWith("app/server/"))
          .filter((target) => !allowed.some((a) => rel(target).startsWith(a)))
          .map((target) => `${rel(file)} → ${rel(target)}`),
      );
      expect(offenders).toEqual([]);
    });
  });

  it("nothing in app/server takes a Request or answers with a Response", () => {
    // Domain functions take plain values and return Outcomes; only routes make responses
    // (an ActionResult, a redirect, a refusal).
    const offenders = server.filter((file) => {
      const code = codeOnly(readFileSync(file, "utf8"));
      return /\b(?:Request|Response)\b/.test(code);
    });
    expect(offenders.map(rel)).toEqual([]);
  });

  it("nothing in app/server builds an ActionResult or a router answer", () => {
    const offenders = server.filter((file) =>
      /from\s+["'](?:react-router|~\/lib\/action-result|[./]+lib\/action-result)["']/.test(
        readFileSync(file, "utf8"),
      ),
    );
    expect(offenders.map(rel)).toEqual([]);
  });
});
