import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHashing } from "~/server/accounts/auth.server";

/**
 * Password hashing for tests only (decision 125): scrypt at N = 16 instead of better-auth's
 * N = 16384: 0.04 ms a password instead of 0.1–0.65 s (by load). Given to `createAuth` by
 * `createHarness()`; production's `getAuth()` never passes one, so the product keeps
 * better-auth's scrypt (and `auth.server.test.ts` holds that it does). A hash that is not one
 * of these (the demo seed's, made by better-auth) is checked by better-auth's own scrypt.
 */
const PREFIX = "test-scrypt-n16";

function derive(password: string, salt: string) {
  return scryptSync(password.normalize("NFKC"), salt, 32, { N: 16, r: 8, p: 1 });
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}:${salt}:${derive(password, salt).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(":");
    if (prefix !== PREFIX || !salt || !key) return verifyPassword({ hash, password });
    const expected = Buffer.from(key, "hex");
    const actual = derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
