/**
 * Scheduled jobs that must run once per period across every app instance. Each job has a row in
 * `job_runs`; an instance takes a lease on it with one conditional UPDATE (due, and not leased by
 * a live instance), so two instances never run it at once, on PostgreSQL or PGlite. A crashed
 * instance's lease expires and another takes over. The lease is set and compared with the
 * database's clock, which every instance shares (an instance whose clock runs ahead cannot take
 * a lease that is still held); when a job is due, and what it works on, follow `now` from the
 * caller (the clock, which the browser tests move).
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { jobRuns } from "./db/schema.server";
import { logger } from "./logger.server";

export type JobResult = Record<string, number>;

export interface Job {
  name: string;
  /** How long after a run the next one is due. */
  everyMs: number;
  run(db: Database, now: Date): Promise<JobResult>;
}

/** A lease longer than any run; a crashed run is retried after it. */
const LEASE_MS = 10 * 60 * 1000;
const LEASE_END = sql.raw(`now() + interval '${LEASE_MS} milliseconds'`);

/** Take the job's lease if it is due and free; true when this caller must run it. */
export async function claimJob(db: Database, name: string, now: Date, owner: string) {
  await db
    .insert(jobRuns)
    .values({ name, nextRunAt: new Date(0) })
    .onConflictDoNothing({ target: jobRuns.name });
  const claimed = await db
    .update(jobRuns)
    .set({ lockedUntil: LEASE_END, lockedBy: owner })
    .where(
      and(
        eq(jobRuns.name, name),
        lte(jobRuns.nextRunAt, now),
        or(isNull(jobRuns.lockedUntil), sql`${jobRuns.lockedUntil} <= now()`),
      ),
    )
    .returning({ name: jobRuns.name });
  return claimed.length === 1;
}

async function release(
  db: Database,
  name: string,
  owner: string,
  values: { nextRunAt?: Date; lastFinishedAt?: Date; lastResult?: string },
) {
  await db
    .update(jobRuns)
    .set({ ...values, lockedUntil: null, lockedBy: null })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.lockedBy, owner)));
}

/**
 * Run the job if it is due and no other instance is running it. Returns its result, or null when
 * it was not this caller's to run. A failed run is retried at the next tick after the lease.
 */
export async function runJobIfDue(
  db: Database,
  job: Job,
  now: Date,
  owner: string = randomUUID(),
): Promise<JobResult | null> {
  if (!(await claimJob(db, job.name, now, owner))) return null;
  let result: JobResult;
  try {
    result = await job.run(db, now);
  } catch (error) {
    // Leave the lease to expire: a run that keeps failing is retried, not hammered.
    logger.error({ err: error, job: job.name }, "scheduled job failed");
    throw error;
  }
  await release(db, job.name, owner, {
    nextRunAt: new Date(now.getTime() + job.everyMs),
    lastFinishedAt: now,
    lastResult: JSON.stringify(result),
  });
  if (Object.values(result).some((n) => n > 0))
    logger.info({ job: job.name, ...result }, "job ran");
  return result;
}

export interface SchedulerOptions {
  jobs: Job[];
  now: () => Date;
  tickMs: number;
}

/** Check every job each tick; returns a stop function that waits for a running tick. */
export function startJobScheduler(db: Database, options: SchedulerOptions) {
  const owner = randomUUID();
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      for (const job of options.jobs) {
        if (stopped) return;
        await runJobIfDue(db, job, options.now(), owner).catch(() => {});
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, options.tickMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
