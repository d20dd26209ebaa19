import { handlePayfastItn, payfastConfig } from "~/server/billing/payments.server";
import { now } from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import type { Route } from "./+types/payfast";

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * POST /api/payfast/itn — PayFast's payment notification (decision 074). Every check is the
 * domain's (`handlePayfastItn`); this reads the fields in the order they were posted.
 */
export async function action({ request }: Route.ActionArgs) {
  const config = payfastConfig(env());
  if (!config) return text(404, "Not found");
  if (request.method !== "POST") return text(405, "Use POST");
  const body = await request.text();
  if (body.length > 10_000) return text(413, "Too large");
  const fields = [...new URLSearchParams(body).entries()];
  const outcome = await handlePayfastItn(
    await getDb(),
    config,
    fields,
    request.headers.get("x-client-ip"),
    now(),
  );
  return outcome.ok ? text(200, "OK") : text(outcome.status, outcome.message);
}
