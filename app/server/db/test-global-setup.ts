import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createScratchDatabase, dropScratchDatabase } from "../../../tests/scale/scratch-database";
import { migrateDatabase, openPglite, openPostgres } from "./client.server";

/**
 * Migrates one database for the whole run and hands it to every test file, which starts from a
 * copy instead of applying every migration itself: PGlite's data folder as a dump, or, when
 * TEST_DATABASE_URL is set, a PostgreSQL template database (`create database … template …`
 * copies it in well under a second; migrating a new one took 2–2.5 s a file).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { name, url: templateUrl } = await createScratchDatabase(url, "test_template");
    const handle = await openPostgres(templateUrl, 1);
    await migrateDatabase(handle);
    // A template database must have no connection while it is copied.
    await handle.close();
    project.provide("postgresTemplate", name);
    console.log(`PostgreSQL template ${name} ready in ${Date.now() - started} ms`);
    return () => dropScratchDatabase(url, name);
  }
  const handle = await openPglite();
  await migrateDatabase(handle);
  const dump = await handle.pglite?.dumpDataDir("none");
  await handle.close();
  if (!dump) throw new Error("PGlite dump failed");
  const file = path.join(tmpdir(), `pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  console.log(`PGlite template ready in ${Date.now() - started} ms`);
  return () => rm(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
