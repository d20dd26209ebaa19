/**
 * npm run db:migrate — apply the committed migrations (drizzle/) to the app's database
 * (DATABASE_URL, or PGlite under DATA_DIR). The server does the same at start; this is for a
 * deploy step that migrates before the new instances start.
 */
import { closeDatabase, getDatabase } from "~/server/db/client.server";
import { loadEnvFile } from "~/server/env.server";

loadEnvFile();
try {
  const handle = await getDatabase(); // opens and migrates
  console.log(`Migrations applied (${handle.driver}).`);
  await closeDatabase();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
