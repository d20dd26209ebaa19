/**
 * The build fails when a client chunk carries (nearly) the whole of a library: every module its
 * entry reaches, locales and all, as happens when code keeps a library's namespace object alive
 * (a dynamic `import()` of a module that re-exports `z`, an `import * as` passed around). Issue
 * 38: one such import put zod's ~60 locales (73 KB brotli) on every form page, and nothing
 * noticed. Libraries the app uses a part of keep a small share; only big ones are checked.
 */
import type { Plugin } from "vite";

/** A library is "whole" in the bundle when this share of the modules its entries reach is. */
const WHOLE_SHARE = 0.8;
/** Libraries with fewer modules than this are small enough to be used whole. */
const MIN_MODULES = 40;

/** `zod`, `@radix-ui/react-slot`: the package a node_modules path belongs to. */
export function packageOf(id: string): string | null {
  const path = (id.split("?")[0] ?? id).replaceAll("\\", "/");
  // The last node_modules in the path is the package's own.
  const at = path.lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const [first, second] = path.slice(at + "/node_modules/".length).split("/");
  return first?.startsWith("@") ? `${first}/${second}` : (first ?? null);
}

export interface LibraryShare {
  library: string;
  reached: number;
  bundled: number;
  chunks: string[];
}

interface ModuleGraph {
  ids: string[];
  importedIds(id: string): readonly string[];
  importerIds(id: string): readonly string[];
}

/** For each library, how many of the modules its entries reach are in the client's chunks. */
export function libraryShares(graph: ModuleGraph, rendered: Map<string, string[]>): LibraryShare[] {
  const byLibrary = new Map<string, string[]>();
  for (const id of graph.ids) {
    const library = packageOf(id);
    if (library) byLibrary.set(library, [...(byLibrary.get(library) ?? []), id]);
  }
  const shares: LibraryShare[] = [];
  for (const [library, ids] of byLibrary) {
    const entries = ids.filter((id) => graph.importerIds(id).some((i) => packageOf(i) !== library));
    const reached = new Set<string>();
    const queue = [...entries];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (reached.has(id) || packageOf(id) !== library) continue;
      reached.add(id);
      queue.push(...graph.importedIds(id));
    }
    const chunks = new Set<string>();
    let bundled = 0;
    for (const id of reached) {
      const inChunks = rendered.get(id);
      if (!inChunks) continue;
      bundled++;
      for (const c of inChunks) chunks.add(c);
    }
    shares.push({ library, reached: reached.size, bundled, chunks: [...chunks] });
  }
  return shares;
}

export function wholeLibraries(shares: LibraryShare[]): LibraryShare[] {
  return shares.filter((s) => s.reached >= MIN_MODULES && s.bundled / s.reached >= WHOLE_SHARE);
}

export function wholeLibraryCheck(): Plugin {
  return {
    name: "whole-library-check",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const rendered = new Map<string, string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const [id, info] of Object.entries(output.modules)) {
          if (info.renderedLength > 0)
            rendered.set(id, [...(rendered.get(id) ?? []), output.fileName]);
        }
      }
      const graph: ModuleGraph = {
        ids: [...this.getModuleIds()],
        importedIds: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        importerIds: (id) => this.getModuleInfo(id)?.importers ?? [],
      };
      const shares = libraryShares(graph, rendered);
      if (process.env.LIBRARY_SHARES === "1") {
        for (const s of shares.filter((x) => x.reached >= 10))
          console.log(`${s.library}: ${s.bundled}/${s.reached} modules in ${s.chunks.join(", ")}`);
      }
      const whole = wholeLibraries(shares);
      if (whole.length > 0) {
        this.error(
          `A client chunk carries a whole library (its namespace kept alive, e.g. by a dynamic import of a module re-exporting it): ${whole
            .map(
              (s) =>
                `${s.library} (${s.bundled} of ${s.reached} modules, in ${s.chunks.join(", ")})`,
            )
            .join("; ")}. Import the names you use instead (issue 38).`,
        );
      }
    },
  };
}
