/**
 * npm run seed — a believable demo workspace in the app's database (DATABASE_URL, or PGlite under
 * DATA_DIR: run it while the server is stopped). Running it again changes nothing.
 */
import { closeDatabase, getDatabase } from "~/server/db/client.server";
import { loadEnvFile } from "~/server/env.server";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, seedDemo } from "./lib/demo-seed";

loadEnvFile();
try {
  const { db } = await getDatabase();
  const counts = await seedDemo(db);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    total === 0
      ? "The demo workspace is already there: nothing changed."
      : `Demo workspace added: ${Object.entries(counts)
          .filter(([, n]) => n > 0)
          .map(([table, n]) => `${n} ${table}`)
          .join(", ")}.`,
  );
  console.log(`Sign in as ${DEMO_OWNER_EMAIL} (owner) with the password ${DEMO_PASSWORD}.`);
  await closeDatabase();
} catch (error) {
  console.error((error as Error).message);
  await closeDatabase();
  process.exit(1);
}
