/**
 * Passkeys in the browser (WebAuthn through better-auth's passkey client). Loaded on demand,
 * when someone adds a passkey or signs in with one, so no page pays for it up front.
 */
import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";

let client: ReturnType<typeof create> | undefined;

function create() {
  return createAuthClient({
    baseURL: `${window.location.origin}/api/auth`,
    plugins: [passkeyClient()],
  });
}

function authClient() {
  client ??= create();
  return client;
}

export type PasskeyOutcome = { ok: true } | { ok: false; cancelled: boolean; message: string };

const FRIENDLY: Record<string, string> = {
  "Session is not fresh": "For your security, sign out and sign in again before adding a passkey.",
  "Previously registered": "This device already has a passkey for your account.",
};

function failure(error: { code?: string; message?: string } | null): PasskeyOutcome {
  const code = error?.code ?? "";
  const cancelled = /CANCELLED|ERROR_CEREMONY_ABORTED|NotAllowed/i.test(code);
  const message = cancelled
    ? "The passkey prompt was closed before it finished."
    : (FRIENDLY[error?.message ?? ""] ??
      error?.message ??
      "Something went wrong with the passkey. Please try again.");
  return { ok: false, cancelled, message };
}

/** Create a passkey on this device for the signed-in user. */
export async function addPasskey(name: string): Promise<PasskeyOutcome> {
  const result = await authClient().passkey.addPasskey({ name });
  return result.error ? failure(result.error) : { ok: true };
}

/** Sign in with a passkey (better-auth sets the session cookie). */
export async function signInWithPasskey(): Promise<PasskeyOutcome> {
  const result = await authClient().signIn.passkey();
  return result.error ? failure(result.error) : { ok: true };
}
