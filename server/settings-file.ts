/**
 * Imported first by server.ts: the settings file (.env) fills in what the environment does not
 * set before any module (the logger) reads a setting.
 */
import { loadEnvFile } from "../app/server/env.server.ts";

loadEnvFile();
