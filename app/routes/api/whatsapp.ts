import { now } from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { whatsappConfig } from "~/server/notifications/whatsapp.server";
import {
  fresh,
  handleWebhook,
  parseWebhook,
  signatureValid,
  verificationChallenge,
} from "~/server/whatsapp/webhook.server";
import type { Route } from "./+types/whatsapp";

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** GET /api/whatsapp/webhook — the Cloud API's verification challenge (decision 078). */
export function loader({ request }: Route.LoaderArgs) {
  const config = whatsappConfig();
  if (!config) return text(404, "Not found");
  const challenge = verificationChallenge(config, new URL(request.url).searchParams);
  return challenge === null ? text(403, "Forbidden") : text(200, challenge);
}

/**
 * POST /api/whatsapp/webhook — messages and statuses from the Cloud API: signed with the app
 * secret over the raw body, and fresh; anything else is refused before it is read further.
 */
export async function action({ request }: Route.ActionArgs) {
  const config = whatsappConfig();
  if (!config) return text(404, "Not found");
  if (request.method !== "POST") return text(405, "Use POST");
  const raw = new Uint8Array(await request.arrayBuffer());
  if (!signatureValid(config.appSecret, raw, request.headers.get("x-hub-signature-256")))
    return text(401, "The signature is missing or wrong");
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return text(400, "The body is not JSON");
  }
  const parsed = parseWebhook(body);
  if (!parsed) return text(400, "Not a WhatsApp webhook");
  const at = now();
  if (!fresh(parsed, at)) return text(400, "Stale event refused");
  await handleWebhook(await getDb(), parsed, at);
  return text(200, "OK");
}
