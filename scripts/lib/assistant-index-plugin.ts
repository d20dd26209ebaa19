/**
 * `virtual:assistant-index`: the site assistant's search index, built from app/content/ when
 * the bundle is built (decision 015). The content modules are loaded through Vite itself
 * (runnerImport), so `~/` imports and VITE_SITE_* values resolve as in the app.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { runnerImport } from "vite";

const ID = "virtual:assistant-index";
const RESOLVED = `\0${ID}`;

export function assistantIndex(root: string): Plugin {
  let source: Promise<string> | null = null;
  const generate = async () => {
    const { module } = await runnerImport<typeof import("../../app/lib/assistant/build-index")>(
      path.join(root, "app/lib/assistant/build-index.ts"),
      { configFile: false, root, resolve: { tsconfigPaths: true }, logLevel: "warn" },
    );
    const data = module.siteIndexData();
    // JSON.parse of one string literal parses faster than the same object literal.
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`;
  };
  return {
    name: "assistant-index",
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      source ??= generate();
      return source;
    },
    // In development, content edits rebuild the index on the next load.
    handleHotUpdate(ctx) {
      if (ctx.file.includes(`${path.sep}app${path.sep}content${path.sep}`)) source = null;
    },
  };
}
