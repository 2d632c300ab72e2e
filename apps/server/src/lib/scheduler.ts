import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scheduledJobs } from '../db/schema';
import type { Clock } from './clock';

/** What a run is given: the slot it runs for, the time it started, and a signal to stop early. */
export type JobRun = { slot: Date; now: Date; signal: AbortSignal };

/** A job the scheduler runs (docs/design.md "Scheduled jobs" says how to add one). */
export type JobDefinition = {
  /** Unique and stable: it is the row's key in `scheduled_jobs`. */
  name: string;
  /** Time between slots. */
  intervalMs: number;
  /** When a job is first scheduled, its first slot comes this long after (default: one interval). */
  firstRunDelayMs?: number;
  /**
   * A run started longer ago than this and not finished is taken for dead (its process crashed)
   * and no longer keeps the next slot from running. Default: the interval, at least an hour.
   */
  leaseMs?: number;
  /** Does the work; answers a short summary for `last_detail` (counts, never identities). */
  run(run: JobRun): Promise<string | undefined>;
};

export type JobOutcome = { job: string; slot: Date; result: 'ok' | 'failed'; detail: string };

export type Scheduler = {
  /** Adds a job; call before `start` or `runDue`. */
  register(job: JobDefinition): void;
  readonly jobs: readonly JobDefinition[];
  /** Creates the missing rows and, with a tick, checks for due jobs every tick. */
  start(): Promise<void>;
  /** Claims and runs every job whose slot has come, one after another; answers what ran. */
  runDue(): Promise<JobOutcome[]>;
  /** Stops ticking, asks running jobs to stop and waits for them. */
  stop(): Promise<void>;
};

const HOUR = 60 * 60_000;
const DETAIL_MAX = 500;

/** The first slot after `now` on the grid that starts at `slot` and steps by `intervalMs`. */
export function nextSlotAfter(slot: Date, now: Date, intervalMs: number): Date {
  const behind = Math.max(0, now.getTime() - slot.getTime());
  const steps = Math.floor(behind / intervalMs) + 1;
  return new Date(slot.getTime() + steps * intervalMs);
}

/**
 * Runs jobs at fixed slots, safely with any number of server processes on one database. Each
 * slot is claimed by moving the job's `next_run_at` past it with an update that matches only
 * while `next_run_at` still holds that slot (and no unexpired run is in progress): PostgreSQL
 * lets one such update through, and any other process's update, after waiting for that one,
 * matches nothing. So a slot runs once, whichever process claims it, and the schedule lives in
 * the database, across restarts. A run that crashes keeps its slot (it is never run twice); the
 * next slot runs once its lease is over. Every time is read from `clock`, so tests move time.
 */
export function createScheduler(options: {
  db: Database;
  clock: Clock;
  /** How often this process looks for due jobs; 0: never by itself (`runDue` only). */
  tickMs: number;
  onRun?: (outcome: JobOutcome) => void;
  onError?: (error: unknown, job?: string) => void;
}): Scheduler {
  const { db, clock } = options;
  const jobs: JobDefinition[] = [];
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let isStopped = false;
  const ensured = new Set<string>();

  const leaseOf = (job: JobDefinition) => job.leaseMs ?? Math.max(job.intervalMs, HOUR);

  /** Creates the job's row, or brings a slot further away than one interval closer. */
  async function ensureRow(job: JobDefinition) {
    const now = clock.now();
    const first = new Date(now.getTime() + (job.firstRunDelayMs ?? job.intervalMs));
    const latest = new Date(now.getTime() + job.intervalMs);
    await db
      .insert(scheduledJobs)
      .values({ name: job.name, nextRunAt: first })
      .onConflictDoUpdate({
        target: scheduledJobs.name,
        set: {
          nextRunAt: sql`least(${scheduledJobs.nextRunAt}, ${latest.toISOString()}::timestamptz)`,
        },
      });
    ensured.add(job.name);
  }

  /** Moves the job's slot past now if it has come and nobody else has: answers the slot won. */
  async function claim(job: JobDefinition, now: Date): Promise<Date | null> {
    const [row] = await db
      .select({ nextRunAt: scheduledJobs.nextRunAt })
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, job.name));
    if (!row || row.nextRunAt.getTime() > now.getTime()) return null;
    const slot = row.nextRunAt;
    const claimed = await db
      .update(scheduledJobs)
      .set({
        nextRunAt: nextSlotAfter(slot, now, job.intervalMs),
        runningSince: now,
        lastSlotAt: slot,
        lastStartedAt: now,
      })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          eq(scheduledJobs.nextRunAt, slot),
          lte(scheduledJobs.nextRunAt, now),
          or(
            isNull(scheduledJobs.runningSince),
            lt(scheduledJobs.runningSince, new Date(now.getTime() - leaseOf(job))),
          ),
        ),
      )
      .returning({ name: scheduledJobs.name });
    return claimed.length === 1 ? slot : null;
  }

  async function runOne(job: JobDefinition): Promise<JobOutcome | null> {
    const now = clock.now();
    const slot = await claim(job, now);
    if (!slot) return null;
    let outcome: JobOutcome;
    try {
      const summary = await job.run({ slot, now, signal: aborter.signal });
      outcome = { job: job.name, slot, result: 'ok', detail: summary ? String(summary) : '' };
    } catch (error) {
      options.onError?.(error, job.name);
      // The message may quote values: the row keeps the kind of error only (the log has it all).
      const code = (error as { code?: unknown } | null)?.code;
      const kind = error instanceof Error ? error.name : typeof error;
      outcome = {
        job: job.name,
        slot,
        result: 'failed',
        detail: typeof code === 'string' ? `${kind} (${code})` : kind,
      };
    }
    await db
      .update(scheduledJobs)
      .set({
        runningSince: null,
        lastFinishedAt: clock.now(),
        lastResult: outcome.result,
        lastDetail: outcome.detail.slice(0, DETAIL_MAX),
        runs: sql`${scheduledJobs.runs} + 1`,
        failures: sql`${scheduledJobs.failures} + ${outcome.result === 'failed' ? 1 : 0}`,
      })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.lastSlotAt, slot)));
    options.onRun?.(outcome);
    return outcome;
  }

  async function runDueNow(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const job of jobs) {
      if (isStopped) break;
      const outcome = await runOne(job);
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  /** One pass at a time per process: a tick that finds one in progress waits for it. */
  async function runDue(): Promise<JobOutcome[]> {
    while (current) await current.catch(() => {});
    const pass = runDueNow();
    current = pass;
    try {
      return await pass;
    } finally {
      current = undefined;
    }
  }

  return {
    register(job) {
      if (jobs.some((known) => known.name === job.name)) {
        throw new Error(`A job named ${job.name} is already registered`);
      }
      if (!(job.intervalMs > 0)) throw new Error(`Job ${job.name}: the interval must be positive`);
      jobs.push(job);
    },
    jobs,
    async start() {
      for (const job of jobs) await ensureRow(job);
      if (options.tickMs <= 0 || isStopped) return;
      timer = setInterval(() => {
        if (current) return;
        runDue().catch((error: unknown) => options.onError?.(error));
      }, options.tickMs);
      timer.unref();
    },
    runDue: async () => {
      // Rows are created by `start`; any still missing are created first (tests call this alone).
      for (const job of jobs) if (!ensured.has(job.name)) await ensureRow(job);
      return runDue();
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      aborter.abort();
      while (current) await current.catch(() => {});
    },
  };
}
