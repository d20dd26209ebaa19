/**
 * The server's "now" for the privacy jobs and deadlines (account deletion grace period, lead
 * retention). Normally the system clock. The browser tests move it forward by writing an offset
 * in milliseconds to TEST_CLOCK_FILE, which env.server.ts accepts only inside the e2e server's
 * own /tmp/agency-e2e-* folder (decision 014). Domain functions take `now` as an argument; only
 * routes and the job scheduler ask this module.
 */
import { readFileSync } from "node:fs";
import { env } from "./env.server";

/** The offset the test clock file holds (0 without one, or when it is unreadable). */
export function clockOffsetMs(file: string | undefined = env().TEST_CLOCK_FILE): number {
  if (!file) return 0;
  try {
    const value = Number(readFileSync(file, "utf8").trim());
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function testClockEnabled(): boolean {
  return Boolean(env().TEST_CLOCK_FILE);
}

export function now(): Date {
  return new Date(Date.now() + clockOffsetMs());
}
