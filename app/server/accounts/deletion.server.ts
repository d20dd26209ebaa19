/**
 * Deleting one's own account (POPIA, decision 014): asked for in Settings, it waits for the
 * grace period, and signing in before then cancels it (the portal tells the person once). The
 * erasure itself, when the date comes, is privacy's (privacy.server.ts `eraseAccount`).
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { DELETION_GRACE_DAYS } from "~/lib/validation/privacy";
import type { Database } from "../db/client.server";
import { accountDeletions } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { lockAdministrators } from "./roles.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PendingDeletion {
  requestedAt: Date;
  dueAt: Date;
}

export const LAST_ADMIN_DELETION_MESSAGE =
  "You are the last administrator, so your account can't be deleted. Invite another team member first.";

/**
 * Ask for the account to be erased after the grace period; asking again keeps the first date.
 * Never the last administrator who stays (`lockAdministrators`, as the Team page's 'Remove
 * administrator role'), so two asking at once cannot leave none.
 */
export async function requestAccountDeletion(
  db: Database,
  userId: string,
  now: Date,
): Promise<Outcome<PendingDeletion>> {
  const dueAt = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  return db.transaction(async (tx): Promise<Outcome<PendingDeletion>> => {
    const admins = await lockAdministrators(tx, userId);
    if (admins.isAdmin && admins.othersStaying < 1) {
      return refused(409, LAST_ADMIN_DELETION_MESSAGE);
    }
    const [row] = await tx
      .insert(accountDeletions)
      .values({ userId, requestedAt: now, dueAt })
      .onConflictDoUpdate({
        target: accountDeletions.userId,
        set: { requestedAt: now, dueAt, cancelledAt: null },
        setWhere: isNotNull(accountDeletions.cancelledAt),
      })
      .returning({ requestedAt: accountDeletions.requestedAt, dueAt: accountDeletions.dueAt });
    if (row) return { ok: true, ...row };
    const [pending] = await tx
      .select({ requestedAt: accountDeletions.requestedAt, dueAt: accountDeletions.dueAt })
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, userId));
    return { ok: true, ...(pending as PendingDeletion) };
  });
}

export async function pendingDeletion(
  db: Database,
  userId: string,
): Promise<PendingDeletion | null> {
  const [row] = await db
    .select({ requestedAt: accountDeletions.requestedAt, dueAt: accountDeletions.dueAt })
    .from(accountDeletions)
    .where(
      and(
        eq(accountDeletions.userId, userId),
        isNull(accountDeletions.cancelledAt),
        isNull(accountDeletions.erasedAt),
      ),
    );
  return row ?? null;
}

/** Signing in cancels a pending deletion. True when there was one. */
export async function cancelAccountDeletion(db: Database, userId: string, now: Date) {
  const rows = await db
    .update(accountDeletions)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(accountDeletions.userId, userId),
        isNull(accountDeletions.cancelledAt),
        isNull(accountDeletions.erasedAt),
      ),
    )
    .returning({ userId: accountDeletions.userId });
  return rows.length > 0;
}

export const DELETION_CANCELLED_TOAST = {
  type: "message" as const,
  title: "Account deletion cancelled",
  description: "You signed in, so your account will not be deleted.",
};

/** Was a deletion cancelled since the person was last told? Telling them clears it. */
export async function takeDeletionCancelledNotice(db: Database, userId: string) {
  const rows = await db
    .delete(accountDeletions)
    .where(
      and(
        eq(accountDeletions.userId, userId),
        isNotNull(accountDeletions.cancelledAt),
        isNull(accountDeletions.erasedAt),
      ),
    )
    .returning({ userId: accountDeletions.userId });
  return rows.length > 0;
}
