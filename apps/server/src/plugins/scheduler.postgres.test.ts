import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  getTestDatabase,
  openSecondHandle,
  type TestApp,
  testDatabaseUrl,
} from '../../test/app';
import { openLockHolder, untilLockWaiters } from '../../test/pg-locks';
import type { DatabaseHandle } from '../db/client';
import { scheduledJobs } from '../db/schema';
import { createManualClock } from '../lib/clock';

// Included only with TEST_DATABASE_URL (vitest.config.ts): two app instances, each with its own
// connection pool as two server processes have, share one schedule.
const MINUTE = 60_000;
const clock = createManualClock(new Date('2032-06-01T08:00:00Z'));
let a: TestApp;
let b: TestApp;
let secondHandle: DatabaseHandle;

beforeAll(async () => {
  const env = { EVIDENCE_SWEEP_INTERVAL_MINUTES: '60' };
  // A fresh schedule for the sweep: earlier runs in this database may have left one.
  const database = await getTestDatabase();
  await database.db.delete(scheduledJobs).where(eq(scheduledJobs.name, 'evidence-sweep'));
  a = await buildTestApp({ env, clock });
  secondHandle = await openSecondHandle();
  b = await buildTestApp({ env, clock, database: secondHandle });
});

afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await secondHandle?.close();
});

async function runsOf(app: TestApp) {
  const metric = await app.app.ctx.metrics.jobRuns.get();
  return metric.values.reduce((sum, value) => sum + value.value, 0);
}

describe('two app instances on one PostgreSQL database', () => {
  it('run each slot of a job once, also when both find it due at the same moment', async () => {
    const holder = await openLockHolder(testDatabaseUrl as string);
    try {
      for (let slot = 0; slot < 4; slot += 1) {
        clock.advance(slot === 0 ? MINUTE : 60 * MINUTE);
        // Both claim the slot while a third connection holds the job's row: both updates wait,
        // then one goes through and the other matches nothing.
        await holder.query('begin');
        await holder.query(
          `select name from scheduled_jobs where name = 'evidence-sweep' for update`,
        );
        const both = Promise.all([a.app.scheduler.runDue(), b.app.scheduler.runDue()]);
        await untilLockWaiters(holder, 2);
        await holder.query('commit');
        const [fromA, fromB] = await both;
        expect([...fromA, ...fromB].map((outcome) => outcome.job)).toEqual(['evidence-sweep']);
      }
    } finally {
      await holder.end();
    }
    expect((await runsOf(a)) + (await runsOf(b))).toBe(4);
    const [row] = await a.database.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'evidence-sweep'));
    expect(row).toMatchObject({ runs: 4, failures: 0, lastResult: 'ok', runningSince: null });
  });
});
