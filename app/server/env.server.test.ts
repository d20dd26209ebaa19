import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnvFile, parseEnv } from "./env.server";

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

  it("holds the server's own settings too: HOST, LOG_LEVEL, NODE_ENV, TRUSTED_PROXIES", () => {
    const dataDir = dir();
    const env = parseEnv({ DATA_DIR: dataDir, TRUSTED_PROXIES: "10.0.0.1, 10.0.1.0/24" });
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.TRUSTED_PROXIES).toEqual(["10.0.0.1", "10.0.1.0/24"]);
    expect(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }).LOG_LEVEL).toBe("silent");
    expect(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "warn", HOST: "127.0.0.1" })).toMatchObject({
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
    });
    expect(() => parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    // Reading them touches no file: the secret is generated when it is first used.
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
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

  it("reads MAX_UPLOAD_MB as whole megabytes, 25 by default", () => {
    const dataDir = dir();
    expect(parseEnv({ DATA_DIR: dataDir }).MAX_UPLOAD_MB).toBe(25);
    expect(parseEnv({ DATA_DIR: dataDir, MAX_UPLOAD_MB: "100" }).MAX_UPLOAD_MB).toBe(100);
    expect(() => parseEnv({ DATA_DIR: dataDir, MAX_UPLOAD_MB: "0" })).toThrowError(
      /MAX_UPLOAD_MB must be at least 1/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir, MAX_UPLOAD_MB: "2.5" })).toThrowError(
      /MAX_UPLOAD_MB must be a whole number/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir, MAX_UPLOAD_MB: "lots" })).toThrowError(
      /MAX_UPLOAD_MB/,
    );
  });

  it("stores new files on disk by default; S3 needs a bucket (decision 091)", () => {
    const dataDir = dir();
    expect(parseEnv({ DATA_DIR: dataDir }).FILE_STORAGE).toBe("disk");
    expect(parseEnv({ DATA_DIR: dataDir, FILE_STORAGE: "db" }).FILE_STORAGE).toBe("db");
    expect(() => parseEnv({ DATA_DIR: dataDir, FILE_STORAGE: "nfs" })).toThrowError(
      /FILE_STORAGE must be disk, s3 or db/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir, FILE_STORAGE: "s3" })).toThrowError(
      /S3_BUCKET: FILE_STORAGE=s3 needs a bucket/,
    );
    const s3 = parseEnv({
      DATA_DIR: dataDir,
      FILE_STORAGE: "s3",
      S3_BUCKET: "files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
    });
    expect(s3).toMatchObject({ S3_BUCKET: "files", S3_REGION: "us-east-1" });
    expect(() => parseEnv({ DATA_DIR: dataDir, S3_ENDPOINT: "ftp://x" })).toThrowError(
      /S3_ENDPOINT must be a valid URL/,
    );
  });

  it("reads a settings file when present, and the environment wins over it", () => {
    const file = path.join(dir(), "settings.env");
    writeFileSync(file, "ENV_FILE_TEST_FROM_FILE=file\nENV_FILE_TEST_BOTH=file\n");
    process.env.ENV_FILE_TEST_BOTH = "environment";
    try {
      expect(loadEnvFile({ ENV_FILE: file })).toBe(path.resolve(file));
      expect(process.env.ENV_FILE_TEST_FROM_FILE).toBe("file");
      expect(process.env.ENV_FILE_TEST_BOTH).toBe("environment");
    } finally {
      delete process.env.ENV_FILE_TEST_FROM_FILE;
      delete process.env.ENV_FILE_TEST_BOTH;
    }
    expect(loadEnvFile({ ENV_FILE: path.join(dir(), "missing.env") })).toBeNull();
    expect(loadEnvFile({ ENV_FILE: "" })).toBeNull();
  });

  it("reads how long notification mail waits to group: whole seconds, 1 to 3600", () => {
    const dataDir = dir();
    expect(parseEnv({ DATA_DIR: dataDir }).NOTIFICATION_MAIL_GROUP_SECONDS).toBe(300);
    expect(
      parseEnv({ DATA_DIR: dataDir, NOTIFICATION_MAIL_GROUP_SECONDS: "2" })
        .NOTIFICATION_MAIL_GROUP_SECONDS,
    ).toBe(2);
    expect(() => parseEnv({ DATA_DIR: dataDir, NOTIFICATION_MAIL_GROUP_SECONDS: "0" })).toThrow(
      /NOTIFICATION_MAIL_GROUP_SECONDS must be at least 1/,
    );
  });

  it("reads WhatsApp's settings: the channel is on only with all four, the API URL a URL", () => {
    const dataDir = dir();
    const off = parseEnv({ DATA_DIR: dataDir, WHATSAPP_TOKEN: "t" });
    expect(off.WHATSAPP_API_URL).toBe("https://graph.facebook.com");
    expect(off.WHATSAPP_TEMPLATE_REVIEW).toBe("review_request");
    expect(off.WHATSAPP_PHONE_NUMBER_ID).toBeUndefined();
    const on = parseEnv({
      DATA_DIR: dataDir,
      WHATSAPP_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: "1",
      WHATSAPP_APP_SECRET: "s",
      WHATSAPP_VERIFY_TOKEN: "v",
      WHATSAPP_API_URL: "http://127.0.0.1:3690/",
    });
    expect(on.WHATSAPP_API_URL).toBe("http://127.0.0.1:3690");
    expect(() => parseEnv({ DATA_DIR: dataDir, WHATSAPP_API_URL: "ftp://x" })).toThrow(
      /WHATSAPP_API_URL must be a full URL/,
    );
  });

  it("reads PayFast's settings: off without merchant id and key, its URL a URL, IPs a list", () => {
    const dataDir = dir();
    const off = parseEnv({ DATA_DIR: dataDir });
    expect(off.PAYFAST_MERCHANT_ID).toBeUndefined();
    expect(off.PAYFAST_SANDBOX).toBe(false);
    expect(off.PAYFAST_URL).toBeUndefined();
    expect(off.PAYFAST_VALID_IPS).toContain("197.97.145.144/28");
    const on = parseEnv({
      DATA_DIR: dataDir,
      PAYFAST_MERCHANT_ID: "10000100",
      PAYFAST_MERCHANT_KEY: "46f0cd694581a",
      PAYFAST_PASSPHRASE: "jt7NOE43FZPn",
      PAYFAST_SANDBOX: "true",
      PAYFAST_URL: "http://127.0.0.1:3650/",
      PAYFAST_VALID_IPS: "127.0.0.1, ::1",
    });
    expect(on.PAYFAST_URL).toBe("http://127.0.0.1:3650");
    expect(on.PAYFAST_SANDBOX).toBe(true);
    expect(on.PAYFAST_VALID_IPS).toEqual(["127.0.0.1", "::1"]);
    expect(() => parseEnv({ DATA_DIR: dataDir, PAYFAST_URL: "ftp://x" })).toThrow(/PAYFAST_URL/);
    expect(() => parseEnv({ DATA_DIR: dataDir, PAYFAST_VALID_IPS: "not an ip" })).toThrow(
      /PAYFAST_VALID_IPS/,
    );
  });
});
