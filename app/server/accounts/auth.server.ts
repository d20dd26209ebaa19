import { passkey } from "@better-auth/passkey";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, createEmailVerificationToken } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { and, eq, like } from "drizzle-orm";
import { site } from "~/content/site";
import { RESET_LINK_HOURS, SIGN_UP_CLOSED } from "~/lib/validation/account";
import { PASSWORD_MAX, PASSWORD_MIN, signUpSchema } from "~/lib/validation/auth";
import { isStorableText } from "~/lib/validation/text";
import { firstIssue } from "~/lib/validation/zod";
import type { Database, DatabaseHandle } from "../db/client.server";
import { getDatabase } from "../db/client.server";
import * as schema from "../db/schema.server";
import {
  addressConfirmMail,
  adminConfirmMail,
  confirmEmailMail,
  EMAIL_LINK_HOURS,
  passwordResetMail,
  queueAccountMail,
} from "../email/account-mail.server";
import { type Env, env } from "../env.server";
import { publish, publishAccessChanged } from "../workspace/events.server";
import { ensureOwnClient } from "../workspace/membership.server";
import { recordPrivacyConsent } from "./consents.server";
import { cancelAccountDeletion } from "./deletion.server";
import { grantRole } from "./roles.server";
import { maySignUp } from "./security-policy.server";
import { withPreparedSessionRead } from "./session-lookup.server";

const DAY = 60 * 60 * 24;

/** better-auth's answer to a field holding a NUL or a lone surrogate (400). */
export const CHARACTER_NOT_ALLOWED = "The request holds a character that is not allowed";

/** The link in the password-reset e-mail: our own page, which posts the token back. */
export function resetPasswordUrl(baseUrl: string, token: string) {
  return `${baseUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

export interface AuthOptions {
  handle: DatabaseHandle;
  env: Env;
  /** Requests per minute allowed on sign-in and sign-up per client IP. */
  authRateLimit?: number;
  /**
   * Tests only (`app/test/password-hash.server.ts`, decision 125): a cheaper password hash.
   * Production never passes one, so better-auth's scrypt applies.
   */
  passwordHashing?: PasswordHashing;
}

/** How passwords are hashed and checked, when not better-auth's scrypt (tests only). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** End every password-reset link of the account (better-auth keeps them as verifications). */
export async function endResetLinks(db: Database, userId: string) {
  await db
    .delete(schema.verification)
    .where(
      and(
        like(schema.verification.identifier, "reset-password:%"),
        eq(schema.verification.value, userId),
      ),
    );
}

/**
 * The requests (better-auth's endpoint contexts) that change an account's address, from the
 * update's `before` hook to its `after` hook, which knows the account.
 */
const addressChanges = new WeakSet<object>();

/** Where the e-mail confirmation link of an ADMIN_EMAILS address lands. */
export const ADMIN_CONFIRMED_CALLBACK = "/portal";

/**
 * better-auth's own endpoints (sign-up, update-user) take any name and picture. Hold the name to
 * the sign-up form's rule (stored trimmed), and refuse pictures, which the product does not have.
 */
function checkUserFields<T extends { name?: unknown; image?: unknown }>(fields: T): T {
  if (fields.image != null) {
    throw new APIError("BAD_REQUEST", { message: "Profile pictures are not supported" });
  }
  if (fields.name === undefined) return fields;
  const parsed = signUpSchema.shape.fullName.safeParse(fields.name);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", { message: firstIssue(parsed.error).message });
  }
  return { ...fields, name: parsed.data };
}

export function createAuth({ handle, env: settings, authRateLimit, passwordHashing }: AuthOptions) {
  const db = handle.db;
  const limit = authRateLimit ?? settings.AUTH_RATE_LIMIT;
  return betterAuth({
    appName: "Portal",
    baseURL: settings.BASE_URL,
    basePath: "/api/auth",
    secret: settings.AUTH_SECRET,
    // better-auth's drizzle adapter, with the session read of every signed-in request prepared
    // (session-lookup.server.ts): better-auth still verifies the cookie and decides.
    database: (options: BetterAuthOptions) =>
      withPreparedSessionRead(
        drizzleAdapter(db, {
          provider: "pg",
          schema: {
            user: schema.user,
            session: schema.session,
            account: schema.account,
            verification: schema.verification,
            rateLimit: schema.rateLimit,
            twoFactor: schema.twoFactor,
            passkey: schema.passkey,
          },
        })(options),
        db,
      ),
    emailAndPassword: {
      enabled: true,
      // Sign-up signs the new account in at once (the spec's sign-up-then-sign-in), and a
      // duplicate e-mail gets better-auth's own 'User already exists' message.
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      // Only called for an existing account; better-auth answers the same either way.
      sendResetPassword: async ({ user, token }) => {
        await queueAccountMail(
          db,
          passwordResetMail(user, resetPasswordUrl(settings.BASE_URL, token)),
        );
      },
      // A reset ends every session of the account (in the same transaction as the new
      // password); their open portals check and leave.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        // The link just used is gone; any other (older or newer) reset link ends too.
        await endResetLinks(db, user.id);
        publish({ kind: "session-ended", userIds: [user.id], sessionIds: [] });
      },
    },
    // E-mail change: better-auth mails a link to the new address and changes the address when
    // it is opened (GET /api/auth/verify-email), so nobody can take an address they don't read.
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: EMAIL_LINK_HOURS * 60 * 60,
      // Three links come here: a change of address (to the new one), the confirmation asked
      // for in Settings (to the account's own address, decision 034), and either for an address
      // listed in ADMIN_EMAILS, whose mail says that opening it makes an administrator.
      sendVerificationEmail: async ({ user, url }) => {
        const [current] = await db
          .select({ email: schema.user.email })
          .from(schema.user)
          .where(eq(schema.user.id, user.id));
        const ownAddress = current?.email.toLowerCase() === user.email.toLowerCase();
        const mail = settings.ADMIN_EMAILS.includes(user.email.toLowerCase())
          ? adminConfirmMail(user, url)
          : ownAddress
            ? addressConfirmMail(user.email, url)
            : confirmEmailMail(user, url);
        await queueAccountMail(db, mail);
      },
      // An address listed in ADMIN_EMAILS becomes administrator only once proven: its owner
      // opened the link mailed to it (at sign-up, below, or any later confirmation).
      afterEmailVerification: async (user) => {
        if (user.emailVerified && settings.ADMIN_EMAILS.includes(user.email.toLowerCase())) {
          await grantRole(db, user.id, "admin");
          publishAccessChanged([user.id]);
        }
      },
    },
    session: {
      expiresIn: 7 * DAY,
      // Sliding expiry: a session used after a day is extended by another 7 days.
      updateAge: DAY,
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      storage: handle.driver === "postgres" ? "database" : "memory",
      // Everything that checks a password or a code, or sends mail, has the same budget.
      customRules: {
        "/sign-in/email": { window: 60, max: limit },
        "/sign-up/email": { window: 60, max: limit },
        "/change-password": { window: 60, max: limit },
        "/change-email": { window: 60, max: limit },
        "/send-verification-email": { window: 60, max: limit },
        "/request-password-reset": { window: 60, max: limit },
        "/reset-password": { window: 60, max: limit },
        "/two-factor/*": { window: 60, max: limit },
        "/passkey/generate-authenticate-options": { window: 60, max: limit },
        "/passkey/verify-authentication": { window: 60, max: limit },
      },
    },
    plugins: [
      twoFactor({
        // The name authenticator apps show beside the account.
        issuer: site.name,
        // Sign-in's second step must be finished within 10 minutes.
        twoFactorCookieMaxAge: 600,
      }),
      passkey({
        // Passkeys belong to the public site's host name and are only accepted from its origin.
        rpID: new URL(settings.BASE_URL).hostname,
        rpName: site.name,
        origin: new URL(settings.BASE_URL).origin,
      }),
    ],
    // Only the public URL: never an origin derived from the request's Host header.
    trustedOrigins: [new URL(settings.BASE_URL).origin],
    // Settings lists and ends sessions by id with our own queries (decision 005); better-auth's
    // session endpoints would hand every session's token to the page (issue 29).
    disabledPaths: [
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
    ],
    advanced: {
      // A session and its user in one query (the relations in schema.server.ts): every
      // signed-in request reads its session once.
      database: { joins: true },
      // better-auth skips its callback-URL and origin checks under test runners unless told
      // otherwise; keep them on everywhere so tests see what production does.
      disableOriginCheck: false,
      useSecureCookies:
        settings.NODE_ENV === "production" && settings.BASE_URL.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: {
        // server.ts replaces this header with the address it trusts (socket or trusted proxy).
        ipAddressHeaders: ["x-client-ip"],
      },
    },
    hooks: {
      // By invitation only (Settings → Security policy, decision 052): sign-up is refused before
      // anything is made; invitations make their own accounts.
      before: createAuthMiddleware(async (ctx) => {
        // A NUL or a lone surrogate in any field (a token, an e-mail address) would reach the
        // database as text PostgreSQL refuses: a 500. No browser sends one; refuse it here. (A
        // name is checked with its own message by checkUserFields.)
        const fields = Object.entries((ctx.body ?? {}) as Record<string, unknown>);
        if (fields.some(([k, v]) => k !== "name" && typeof v === "string" && !isStorableText(v))) {
          throw new APIError("BAD_REQUEST", {
            message: CHARACTER_NOT_ALLOWED,
            code: "CHARACTER_NOT_ALLOWED",
          });
        }
        if (ctx.path !== "/sign-up/email") return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (!(await maySignUp(db, email))) {
          throw new APIError("FORBIDDEN", { message: SIGN_UP_CLOSED, code: "SIGN_UP_CLOSED" });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: checkUserFields(user) }),
          after: async (user) => {
            await db
              .insert(schema.profiles)
              .values({ id: user.id, fullName: user.name?.trim() || null })
              .onConflictDoNothing();
            // Whoever signs up gets a client of their own (decision 018).
            await ensureOwnClient(db, user);
            // A listed address is mailed a confirmation link; opening it grants the role.
            if (settings.ADMIN_EMAILS.includes(user.email.toLowerCase()) && !user.emailVerified) {
              const token = await createEmailVerificationToken(
                settings.AUTH_SECRET,
                user.email,
                undefined,
                EMAIL_LINK_HOURS * 60 * 60,
                { userId: user.id },
              );
              const url = `${settings.BASE_URL}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(ADMIN_CONFIRMED_CALLBACK)}`;
              await queueAccountMail(db, adminConfirmMail(user, url));
            }
            // The sign-up page showed the privacy notice: its version and when (POPIA).
            await recordPrivacyConsent(db, {
              userId: user.id,
              email: user.email,
              source: "sign-up",
              now: new Date(),
            });
          },
        },
        update: {
          before: async (data, context) => {
            if (typeof data.email === "string" && context) {
              addressChanges.add(context);
              // The link that changes the address was mailed to the new one: it is proven
              // (decision 034), whatever the old one was.
              if (context.path === "/verify-email") {
                return { data: { ...checkUserFields(data), emailVerified: true } };
              }
            }
            return { data: checkUserFields(data) };
          },
          after: async (user, context) => {
            // A new address (its link was opened): every reset link mailed to the old one ends.
            if (context && addressChanges.has(context)) await endResetLinks(db, user.id);
            // A name changed through better-auth's own /update-user reaches the portal profile.
            const body = context?.body as { name?: unknown } | undefined;
            if (context?.path !== "/update-user" || typeof body?.name !== "string") return;
            const fullName = user.name?.trim() || null;
            await db
              .insert(schema.profiles)
              .values({ id: user.id, fullName })
              .onConflictDoUpdate({ target: schema.profiles.id, set: { fullName } });
          },
        },
      },
      account: {
        update: {
          // A password change ends every reset link of the account.
          after: async (account, context) => {
            if (context?.path === "/change-password") await endResetLinks(db, account.userId);
          },
        },
      },
      // Signing in (password, second factor or passkey) cancels a pending account deletion;
      // the portal tells the person (takeDeletionCancelledNotice).
      session: {
        create: {
          after: async (created) => {
            await cancelAccountDeletion(db, created.userId, new Date());
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let current: Promise<Auth> | undefined;

export function getAuth(): Promise<Auth> {
  current ??= getDatabase().then((handle) => createAuth({ handle, env: env() }));
  current.catch(() => {
    current = undefined;
  });
  return current;
}

/** For tests: use this auth instance from now on. */
export function setAuth(auth: Auth | undefined) {
  current = auth ? Promise.resolve(auth) : undefined;
}
