/**
 * A throwaway PostgreSQL database for the measuring scripts (`--postgres <url>` of bench and
 * soak): created empty on the server the URL names, dropped afterwards. The app migrates it
 * when it starts.
 */
import pg from "pg";

export interface TemporaryDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function temporaryDatabase(
  serverUrl: string,
  prefix: string,
): Promise<TemporaryDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
