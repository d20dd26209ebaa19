import { createHmac } from "node:crypto";

/**
 * The WhatsApp settings of the browser tests' server (playwright.config.ts) and what a journey
 * needs to play Meta's side: the fake Cloud API that whatsapp.spec.ts starts on E2E_PORT + 10000
 * (PayFast's fake has E2E_PORT + 11000) and webhook posts signed with the app secret. Test
 * values, never a real number.
 */
const PORT = Number(process.env.E2E_PORT ?? 3123);

export const WHATSAPP_E2E = {
  port: PORT + 10_000,
  appSecret: "e2e-app-secret",
  get url() {
    return `http://127.0.0.1:${this.port}`;
  },
};

/** The server's settings: WhatsApp on, pointing at the fake. */
export const whatsappServerEnv = {
  WHATSAPP_TOKEN: "e2e-token",
  WHATSAPP_PHONE_NUMBER_ID: "e2e-phone",
  WHATSAPP_APP_SECRET: WHATSAPP_E2E.appSecret,
  WHATSAPP_VERIFY_TOKEN: "e2e-verify",
  WHATSAPP_API_URL: WHATSAPP_E2E.url,
};

/** A webhook delivery as Meta sends it: the JSON body signed with the app secret. */
export function signedWebhookPost(base: string, body: unknown) {
  const raw = JSON.stringify(body);
  const signature = createHmac("sha256", WHATSAPP_E2E.appSecret).update(raw).digest("hex");
  return fetch(`${base}/api/whatsapp/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${signature}` },
    body: raw,
  });
}
