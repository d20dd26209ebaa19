/**
 * The PayFast settings of the browser tests' server (playwright.config.ts) and the fake PayFast
 * that billing.spec.ts starts on E2E_PORT + 11000 while its PayFast journey runs (the WhatsApp
 * fake has E2E_PORT + 10000). Sandbox-style test values, never a real merchant.
 */
const PORT = Number(process.env.E2E_PORT ?? 3123);

export const PAYFAST_E2E = {
  port: PORT + 11_000,
  merchantId: "10000100",
  merchantKey: "46f0cd694581a",
  passphrase: "e2e-payfast-passphrase",
  get url() {
    return `http://127.0.0.1:${this.port}`;
  },
};

/** The server's settings: 'Pay now' on, pointing at the fake, notifications from this machine. */
export const payfastServerEnv = {
  PAYFAST_MERCHANT_ID: PAYFAST_E2E.merchantId,
  PAYFAST_MERCHANT_KEY: PAYFAST_E2E.merchantKey,
  PAYFAST_PASSPHRASE: PAYFAST_E2E.passphrase,
  PAYFAST_URL: PAYFAST_E2E.url,
  PAYFAST_VALID_IPS: "127.0.0.1,::1",
};
