import pino from "pino";
import { type Env, parseEnv } from "./env.server";

/**
 * The log level and format come from the validated settings. Invalid settings are reported by
 * the start-up (server.ts); the logger falls back to the defaults meanwhile.
 */
function logSettings(): Pick<Env, "LOG_LEVEL" | "NODE_ENV" | "CI"> {
  try {
    return parseEnv();
  } catch {
    return { LOG_LEVEL: "info", NODE_ENV: "production", CI: undefined };
  }
}

const settings = logSettings();
const pretty = settings.NODE_ENV !== "production" && !settings.CI && process.stdout.isTTY;

export const logger = pino({
  level: settings.LOG_LEVEL,
  ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
});
