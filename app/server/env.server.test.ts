import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "env-test-"));

describe("settings", () => {
  it("has safe laptop defaults and generates a persistent AUTH_SECRET", () => {
    const dataDir = dir();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(env.AUTH_SECRET);
    expect(parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(env.AUTH_SECRET);
  });

  it("parses lists and URLs", () => {
    const env = parseEnv({
      DATA_DIR: dir(),
      PORT: "8080",
      ADMIN_EMAILS: "Boss@Example.co.za, ops@example.co.za",
      DATABASE_URL: "postgres://u@db:5432/app",
      BASE_URL: "https://example.co.za/",
    });
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.co.za", "ops@example.co.za"]);
    expect(env.BASE_URL).toBe("https://example.co.za");
    expect(env.PORT).toBe(8080);
  });

  it("names every invalid setting", () => {
    expect(() =>
      parseEnv({
        DATA_DIR: dir(),
        PORT: "nope",
        DATABASE_URL: "mysql://x",
        ADMIN_EMAILS: "not-an-email",
        AUTH_SECRET: "short",
      }),
    ).toThrowError(EnvError);
    try {
      parseEnv({ DATA_DIR: dir(), PORT: "nope", DATABASE_URL: "mysql://x", AUTH_SECRET: "short" });
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain("PORT");
      expect(msg).toContain("DATABASE_URL must be a valid URL");
      expect(msg).toContain("AUTH_SECRET must be at least 32 characters");
    }
  });

  it("reads REQUIRE_ADMIN_2FA as a boolean, off by default", () => {
    const dataDir = dir();
    expect(parseEnv({ DATA_DIR: dataDir }).REQUIRE_ADMIN_2FA).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir, REQUIRE_ADMIN_2FA: "true" }).REQUIRE_ADMIN_2FA).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir, REQUIRE_ADMIN_2FA: "TRUE" }).REQUIRE_ADMIN_2FA).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir, REQUIRE_ADMIN_2FA: "false" }).REQUIRE_ADMIN_2FA).toBe(
      false,
    );
    expect(parseEnv({ DATA_DIR: dataDir, REQUIRE_ADMIN_2FA: "" }).REQUIRE_ADMIN_2FA).toBe(false);
    expect(() => parseEnv({ DATA_DIR: dataDir, REQUIRE_ADMIN_2FA: "sometimes" })).toThrowError(
      /REQUIRE_ADMIN_2FA must be true or false/,
    );
  });
});
