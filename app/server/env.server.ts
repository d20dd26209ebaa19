import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(/[,\s]+/)
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("ADMIN_EMAILS must be a comma-separated list of e-mail addresses")));

const optionalUrl = (name: string, protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
      message: `${name} must be a valid URL`,
    });

/** A text setting; empty counts as unset. */
/** PayFast's published ITN sources (developers.payfast.co.za, 'ITN security checks'). */
const PAYFAST_IPS =
  "197.97.145.144/28,41.74.179.192/27,102.216.36.0/28,102.216.36.128/28,144.126.193.139";

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined));

/** "true"/"false" (also 1/0, yes/no, on/off), any case; unset → the default. */
const flag = (name: string, fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      if (["true", "1", "yes", "on"].includes(v)) return true;
      if (["false", "0", "no", "off"].includes(v)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be true or false` });
      return z.NEVER;
    });

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address the server listens on (0.0.0.0: every interface). */
  HOST: z.string().trim().min(1, "HOST must be an address such as 0.0.0.0").default("0.0.0.0"),
  BASE_URL: z
    .url("BASE_URL must be a full URL such as https://example.co.za")
    .optional()
    .transform((v) => v?.replace(/\/$/, "")),
  DATABASE_URL: optionalUrl("DATABASE_URL", /^postgres(ql)?:$/),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SMTP_URL: optionalUrl("SMTP_URL", /^smtps?:$/),
  MAIL_FROM: z.string().trim().min(3).default("Kopano AI <no-reply@kopano.ai>"),
  LEADS_TO: z.email("LEADS_TO must be an e-mail address").default("hello@kopano.ai"),
  /**
   * Notifications of one person, kind and thread or project within this many seconds of the
   * first are one mail (decision 057); the grouping job runs at least this often.
   */
  NOTIFICATION_MAIL_GROUP_SECONDS: z.coerce
    .number({ error: "NOTIFICATION_MAIL_GROUP_SECONDS must be a whole number of seconds" })
    .int("NOTIFICATION_MAIL_GROUP_SECONDS must be a whole number of seconds")
    .min(1, "NOTIFICATION_MAIL_GROUP_SECONDS must be at least 1")
    .max(3600, "NOTIFICATION_MAIL_GROUP_SECONDS must be at most 3600")
    .default(300),
  ADMIN_EMAILS: emailList,
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Administrators must turn on two-factor authentication before using the portal. */
  REQUIRE_ADMIN_2FA: flag("REQUIRE_ADMIN_2FA", false),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  LEAD_RATE_LIMIT_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  LEAD_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).max(100_000).default(5),
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** The largest file a project accepts, per file, in megabytes (decision 018). */
  MAX_UPLOAD_MB: z.coerce
    .number({ error: "MAX_UPLOAD_MB must be a whole number of megabytes" })
    .int("MAX_UPLOAD_MB must be a whole number of megabytes")
    .min(1, "MAX_UPLOAD_MB must be at least 1")
    .max(2048, "MAX_UPLOAD_MB must be at most 2048")
    .default(25),
  /**
   * Where new uploads' bytes go (decision 091): files under DATA_DIR (one machine), an
   * S3-compatible bucket or this database (several instances). Older versions stay where they are
   * until `npm run storage:migrate` moves them.
   */
  FILE_STORAGE: z
    .enum(["disk", "s3", "db"], { error: "FILE_STORAGE must be disk, s3 or db" })
    .default("disk"),
  /** An S3-compatible store's address (MinIO, R2 …); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: optionalUrl("S3_ENDPOINT", /^https?:$/),
  S3_BUCKET: optionalText(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Unset: the SDK's own chain (instance role, AWS_* variables, profile). */
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  /** Leads, and the outbox's mail, are erased this many months after they last changed. */
  LEAD_RETENTION_MONTHS: z.coerce
    .number({ error: "LEAD_RETENTION_MONTHS must be a whole number of months" })
    .int("LEAD_RETENTION_MONTHS must be a whole number of months")
    .min(1, "LEAD_RETENTION_MONTHS must be at least 1")
    .max(120, "LEAD_RETENTION_MONTHS must be at most 120")
    .default(24),
  /**
   * Browser tests only: a file holding a clock offset in milliseconds (app/server/clock.server.ts).
   * Refused unless it lies in E2E_DATA_DIR, the folder scripts/e2e-server.sh makes (decision 014).
   */
  TEST_CLOCK_FILE: z.string().trim().optional(),
  E2E_DATA_DIR: z.string().trim().optional(),
  /** Unset: info, or silent under tests (NODE_ENV=test). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /**
   * WhatsApp through the Cloud API (decision 078): all four of token, phone number id, app
   * secret and verify token set turn the channel on; any unset hides it everywhere.
   */
  WHATSAPP_TOKEN: optionalText(),
  WHATSAPP_PHONE_NUMBER_ID: optionalText(),
  WHATSAPP_APP_SECRET: optionalText(),
  WHATSAPP_VERIFY_TOKEN: optionalText(),
  WHATSAPP_API_URL: z
    .url("WHATSAPP_API_URL must be a full URL such as https://graph.facebook.com")
    .refine((v) => /^https?:$/.test(new URL(v).protocol), {
      message: "WHATSAPP_API_URL must be a full URL such as https://graph.facebook.com",
    })
    .default("https://graph.facebook.com")
    .transform((v) => v.replace(/\/$/, "")),
  /** The approved message templates sent outside WhatsApp's 24-hour window (README). */
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().min(2).default("en"),
  WHATSAPP_TEMPLATE_NOTIFICATION: z.string().trim().min(1).default("portal_notification"),
  WHATSAPP_TEMPLATE_REVIEW: z.string().trim().min(1).default("review_request"),
  WHATSAPP_TEMPLATE_CODE: z.string().trim().min(1).default("confirmation_code"),
  /**
   * PayFast (issue 32, decision 074): merchant id and key set turn 'Pay now' on; unset hides it.
   * PAYFAST_URL is the base of the payment page and the validation call (a test fake);
   * unset, it follows PAYFAST_SANDBOX. ITNs are accepted only from PAYFAST_VALID_IPS.
   */
  PAYFAST_MERCHANT_ID: optionalText(),
  PAYFAST_MERCHANT_KEY: optionalText(),
  PAYFAST_PASSPHRASE: optionalText(),
  PAYFAST_SANDBOX: flag("PAYFAST_SANDBOX", false),
  PAYFAST_URL: optionalUrl("PAYFAST_URL", /^https?:$/).transform((v) => v?.replace(/\/$/, "")),
  PAYFAST_VALID_IPS: z
    .string()
    .trim()
    .default(PAYFAST_IPS)
    .transform((v) =>
      v
        .split(",")
        .map((ip) => ip.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((ip) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(ip)), {
      message: "PAYFAST_VALID_IPS must be addresses or CIDR ranges separated by commas",
    }),
  /**
   * OpenTelemetry: traces and metrics go to this OTLP/HTTP collector (e.g. http://otel:4318).
   * Unset: the SDK is not loaded (decision 059).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl("OTEL_EXPORTER_OTLP_ENDPOINT", /^https?:$/),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default("kopano-ai"),
  /** Set by CI services; only turns off the coloured development log. */
  CI: z.string().optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "LOG_LEVEL"> & {
  BASE_URL: string;
  AUTH_SECRET: string;
  LOG_LEVEL: NonNullable<z.infer<typeof envSchema>["LOG_LEVEL"]>;
};

export class EnvError extends Error {}

/** Parse and validate settings; throws EnvError with every problem listed. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.FILE_STORAGE === "s3" && !env.S3_BUCKET)
    throw new EnvError("Invalid configuration:\n  - S3_BUCKET: FILE_STORAGE=s3 needs a bucket");
  const clockProblem = testClockProblem(env);
  if (clockProblem)
    throw new EnvError(`Invalid configuration:\n  - TEST_CLOCK_FILE: ${clockProblem}`);
  const settings = {
    ...env,
    BASE_URL: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
  } as Env;
  // The generated secret is read (or written) on first use, so that reading the other
  // settings (server.ts, the logger) touches no file.
  let secret = env.AUTH_SECRET;
  Object.defineProperty(settings, "AUTH_SECRET", {
    enumerable: true,
    get: () => {
      secret ??= loadOrCreateSecret(env.DATA_DIR);
      return secret;
    },
  });
  return settings;
}

/**
 * The test clock moves the server's idea of "now" for the privacy jobs. It is honoured only for
 * the browser tests: the file must be inside E2E_DATA_DIR, a /tmp/agency-e2e-* folder.
 */
function testClockProblem(env: { TEST_CLOCK_FILE?: string; E2E_DATA_DIR?: string }) {
  if (!env.TEST_CLOCK_FILE) return null;
  const dir = env.E2E_DATA_DIR ? path.resolve(env.E2E_DATA_DIR) : "";
  const file = path.resolve(env.TEST_CLOCK_FILE);
  if (!/^\/tmp\/agency-e2e-[^/]+$/.test(dir) || path.dirname(file) !== dir) {
    return "the test clock is only for the browser tests (a file in E2E_DATA_DIR, /tmp/agency-e2e-*)";
  }
  return null;
}

/** AUTH_SECRET, when unset, is generated once and kept in the data folder. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "auth-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Reads the settings file (`.env`, or the file `ENV_FILE` names; `ENV_FILE=` reads none) into
 * `process.env` when it exists. A variable already set in the environment wins over the file.
 * Called by the server and the npm scripts before `parseEnv()`, never by the app or the tests.
 * Returns the file read, or null.
 */
export function loadEnvFile(source: Record<string, string | undefined> = process.env) {
  const file = source.ENV_FILE ?? ".env";
  if (!file || !existsSync(file)) return null;
  process.loadEnvFile(file);
  return path.resolve(file);
}

let cached: Env | undefined;

/** The validated settings, read once. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For tests: replace the settings. */
export function setEnv(next: Env | undefined) {
  cached = next;
}
