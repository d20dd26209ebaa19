import { firstIssue } from "~/lib/validation/zod";
import { getDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import {
  contactEmailPayloadSchema,
  leadFromPayload,
} from "~/server/leads/contact-email-payload.server";
import { submitLead, submitOptionsFor } from "~/server/leads/leads.server";
import { leadOrigin } from "../marketing/lead-form.server";
import type { Route } from "./+types/send-contact-email";

const MAX_BODY_BYTES = 32 * 1024;

function reply(status: number, body: { success: boolean; error?: string }) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * POST /functions/v1/send-contact-email — the spec's contact-email function:
 * JSON { name, email, phone, company, message } → { success, error? }.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return reply(405, { success: false, error: "Use POST" });
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    return reply(415, { success: false, error: "Send the request as application/json" });
  }
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_BODY_BYTES)
    return reply(413, { success: false, error: "The request is too large" });

  let text: string;
  try {
    text = await request.text();
  } catch {
    return reply(400, { success: false, error: "The request body could not be read" });
  }
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    return reply(413, { success: false, error: "The request is too large" });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return reply(400, { success: false, error: "The request body is not valid JSON" });
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return reply(400, { success: false, error: "The request body must be a JSON object" });
  }
  const parsed = contactEmailPayloadSchema.safeParse(body);
  if (!parsed.success)
    return reply(400, { success: false, error: firstIssue(parsed.error).message });

  const honeypot = (body as { website?: unknown }).website;
  const result = await submitLead(
    await getDb(),
    leadFromPayload(parsed.data),
    submitOptionsFor(leadOrigin(request), env(), typeof honeypot === "string" ? honeypot : null),
  );
  if (!result.ok) return reply(result.status, { success: false, error: result.message });
  return reply(200, { success: true });
}

export function loader() {
  return reply(405, { success: false, error: "Use POST" });
}
