import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openPglite } from "./client.server";

/** Build one migrated PGlite database and hand its dump to every test file. */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const handle = await openPglite();
  await migrateDatabase(handle);
  const dump = await handle.pglite?.dumpDataDir("none");
  await handle.close();
  if (!dump) throw new Error("PGlite dump failed");
  const file = path.join(tmpdir(), `pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  console.log(`PGlite template ready in ${Date.now() - started} ms`);
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
