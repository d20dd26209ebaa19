/**
 * Grant or remove a role:  npm run user:role -- --email someone@example.co.za --role admin
 *                          npm run user:role -- --email someone@example.co.za --remove
 * Uses the same settings as the app (DATABASE_URL or the PGlite database under DATA_DIR).
 */
import { parseArgs } from "node:util";
import { setRoleByEmail } from "~/server/accounts/roles.server";
import { closeDatabase, getDatabase } from "~/server/db/client.server";
import { ROLES, type Role } from "~/server/db/schema.server";
import { EnvError, loadEnvFile } from "~/server/env.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    role: { type: "string" },
    remove: { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!values.email) fail("Usage: npm run user:role -- --email X --role admin   (or --remove)");
if (!values.remove && !ROLES.includes(values.role as Role)) {
  fail(`--role must be one of: ${ROLES.join(", ")}`);
}

loadEnvFile();
try {
  const handle = await getDatabase();
  const result = await setRoleByEmail(
    handle.db,
    values.email,
    values.remove ? null : (values.role as Role),
  );
  await closeDatabase();
  if (!result.ok) fail(result.message);
  console.log(
    values.remove ? `Removed the role of ${values.email}` : `${values.email} is now ${values.role}`,
  );
} catch (error) {
  await closeDatabase().catch(() => {});
  fail(error instanceof EnvError ? error.message : `Failed: ${(error as Error).message}`);
}
