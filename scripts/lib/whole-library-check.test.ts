import { describe, expect, it } from "vitest";
import { libraryShares, packageOf, wholeLibraries } from "./whole-library-check";

const nm = (p: string) => `/repo/node_modules/${p}`;

/** A library `lib` of an entry and `n` modules it re-exports, imported by app code. */
function graph(n: number) {
  const parts = Array.from({ length: n }, (_, i) => nm(`lib/part-${i}.js`));
  const edges = new Map<string, string[]>([
    ["/repo/app/form.ts", [nm("lib/index.js")]],
    [nm("lib/index.js"), parts],
  ]);
  const ids = ["/repo/app/form.ts", nm("lib/index.js"), ...parts];
  return {
    parts,
    graph: {
      ids,
      importedIds: (id: string) => edges.get(id) ?? [],
      importerIds: (id: string) => ids.filter((i) => (edges.get(i) ?? []).includes(id)),
    },
  };
}

describe("the whole-library build check", () => {
  it("names the package a module belongs to, scoped or nested", () => {
    expect(packageOf(nm("zod/v4/locales/de.js"))).toBe("zod");
    expect(packageOf(nm("@radix-ui/react-slot/dist/index.mjs"))).toBe("@radix-ui/react-slot");
    expect(packageOf(nm("a/node_modules/b/index.js?commonjs"))).toBe("b");
    expect(packageOf("/repo/app/root.tsx")).toBeNull();
  });

  it("fails a build that carries (nearly) every module a big library's entry reaches", () => {
    const { graph: g, parts } = graph(60);
    const rendered = new Map([nm("lib/index.js"), ...parts].map((id) => [id, ["assets/lib.js"]]));
    expect(wholeLibraries(libraryShares(g, rendered))).toEqual([
      { library: "lib", reached: 61, bundled: 61, chunks: ["assets/lib.js"] },
    ]);
  });

  it("passes a build that carries the part it uses, and a small library used whole", () => {
    const big = graph(60);
    const some = new Map(big.parts.slice(0, 20).map((id) => [id, ["assets/lib.js"]]));
    expect(wholeLibraries(libraryShares(big.graph, some))).toEqual([]);
    const small = graph(10);
    const all = new Map(small.parts.map((id) => [id, ["assets/lib.js"]]));
    expect(wholeLibraries(libraryShares(small.graph, all))).toEqual([]);
  });
});
