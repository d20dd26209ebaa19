/**
 * Account security forms in Settings and on /auth: shared by the browser and the server.
 */
import { z } from "zod";

/** What the Settings action answers. `intent` names the form that was sent. */
export type SettingsResult =
  | { intent: string; ok: true; success: string }
  | { intent: string; error: string };

export const sessionIdSchema = z
  .string({ error: "Session not found" })
  .trim()
  .min(1, "Session not found")
  .max(200, "Session not found");
