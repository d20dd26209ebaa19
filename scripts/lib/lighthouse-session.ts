/**
 * What the Lighthouse scripts share: the production build started on a port with a throwaway
 * data folder, and Debian's Chromium launched for Lighthouse; both stopped afterwards.
 */
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import { startBuiltServer } from "../serve-build.ts";

export async function withServerAndChrome<T>(
  port: number,
  run: (session: { url: string; chromePort: number }) => Promise<T>,
): Promise<T> {
  if (!existsSync("build/server/index.js")) {
    console.error("No build found. Run `npm run build` first.");
    process.exit(1);
  }
  const server = await startBuiltServer(port);
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
    return await run({ url: server.url, chromePort: chrome.port });
  } finally {
    chrome.kill();
    await server.stop();
  }
}
