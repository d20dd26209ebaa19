/**
 * What the Lighthouse scripts share: the production build started on a port with a throwaway
 * data folder, and Debian's Chromium launched for Lighthouse; both stopped afterwards.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { startBuiltServer } from "../serve-build.ts";

export async function withServerAndChrome<T>(
  port: number,
  run: (session: { url: string; chromePort: number; dataDir: string }) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  if (!existsSync("build/server/index.js")) {
    console.error("No build found. Run `npm run build` first.");
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-lighthouse-"));
  const server = await startBuiltServer(port, { DATA_DIR: dataDir, ...env });
  const chrome = await chromeLauncher
    .launch({
      chromePath: "/usr/bin/chromium",
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  try {
    return await run({ url: server.url, chromePort: chrome.port, dataDir });
  } finally {
    chrome.kill();
    await server.stop();
  }
}
