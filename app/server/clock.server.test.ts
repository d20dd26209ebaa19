/**
 * The test clock (decision 014) and the retention setting: the clock file is refused anywhere but
 * in the browser tests' own /tmp/agency-e2e-* folder, so no production server can run on it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clockOffsetMs, now } from "./clock.server";
import { EnvError, parseEnv, setEnv } from "./env.server";

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "clock-test-")) });

afterEach(() => setEnv(undefined));

describe("LEAD_RETENTION_MONTHS", () => {
  it("defaults to 24 months and takes whole months from 1 to 120", () => {
    expect(parseEnv(base()).LEAD_RETENTION_MONTHS).toBe(24);
    expect(parseEnv({ ...base(), LEAD_RETENTION_MONTHS: "36" }).LEAD_RETENTION_MONTHS).toBe(36);
    for (const bad of ["0", "1.5", "two", "121"]) {
      expect(() => parseEnv({ ...base(), LEAD_RETENTION_MONTHS: bad })).toThrow(
        /LEAD_RETENTION_MONTHS/,
      );
    }
  });
});

describe("the test clock", () => {
  it("is refused outside the e2e server's folder, in production or not", () => {
    const stray = path.join(tmpdir(), "clock-offset-ms");
    for (const extra of [
      { TEST_CLOCK_FILE: stray },
      { TEST_CLOCK_FILE: stray, E2E_DATA_DIR: tmpdir() },
      {
        TEST_CLOCK_FILE: "/var/lib/app/clock",
        E2E_DATA_DIR: "/var/lib/app",
        NODE_ENV: "production",
      },
      { TEST_CLOCK_FILE: "/tmp/agency-e2e-1/../x/clock", E2E_DATA_DIR: "/tmp/agency-e2e-1" },
    ]) {
      expect(() => parseEnv({ ...base(), ...extra })).toThrow(EnvError);
    }
  });

  it("moves now() by the offset in its file, and reads 0 from a missing or bad file", () => {
    const dir = "/tmp/agency-e2e-clock-test";
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "clock-offset-ms");
    const env = parseEnv({
      ...base(),
      TEST_CLOCK_FILE: file,
      E2E_DATA_DIR: dir,
      NODE_ENV: "production",
    });
    setEnv(env);
    writeFileSync(file, String(15 * 24 * 3600 * 1000));
    expect(now().getTime() - Date.now()).toBeGreaterThan(15 * 24 * 3600 * 1000 - 5000);
    writeFileSync(file, "soon");
    expect(clockOffsetMs()).toBe(0);
    expect(clockOffsetMs(path.join(dir, "missing"))).toBe(0);
  });

  it("is off without the setting", () => {
    setEnv(parseEnv(base()));
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
