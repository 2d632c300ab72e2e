import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../test/app';
import { uniqueName } from '../../test/factories';
import type { DatabaseHandle } from '../db/client';
import { scheduledJobs } from '../db/schema';
import { createManualClock, type ManualClock } from './clock';
import { createScheduler, type JobDefinition, type JobOutcome, nextSlotAfter } from './scheduler';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await getTestDatabase();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = new Date('2031-03-01T10:00:00.000Z');

/** A job that records the slots it ran for; `fail` makes the next run throw. */
function recordingJob(overrides: Partial<JobDefinition> = {}) {
  const slots: string[] = [];
  const control = { fail: false };
  const job: JobDefinition = {
    name: uniqueName('job'),
    intervalMs: HOUR,
    firstRunDelayMs: MINUTE,
    async run({ slot }) {
      slots.push(slot.toISOString());
      if (control.fail) throw new TypeError('the job broke on purpose');
      return `ran ${slots.length}`;
    },
    ...overrides,
  };
  return { job, slots, control };
}

function schedulerWith(clock: ManualClock, jobs: JobDefinition[], outcomes: JobOutcome[] = []) {
  const scheduler = createScheduler({
    db: database.db,
    clock,
    tickMs: 0,
    onRun: (outcome) => outcomes.push(outcome),
  });
  for (const job of jobs) scheduler.register(job);
  return scheduler;
}

async function rowOf(name: string) {
  const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row;
}

describe('slots', () => {
  it('steps past now on the grid of the interval', () => {
    const slot = new Date('2031-01-01T00:00:00Z');
    expect(nextSlotAfter(slot, slot, HOUR).toISOString()).toBe('2031-01-01T01:00:00.000Z');
    const late = new Date('2031-01-01T03:20:00Z');
    expect(nextSlotAfter(slot, late, HOUR).toISOString()).toBe('2031-01-01T04:00:00.000Z');
  });
});

describe('the scheduler', () => {
  it('runs a job once its slot has come, once per slot, and catches up missed slots in one run', async () => {
    const clock = createManualClock(START);
    const { job, slots } = recordingJob();
    const outcomes: JobOutcome[] = [];
    const scheduler = schedulerWith(clock, [job], outcomes);
    await scheduler.start();
    expect((await rowOf(job.name))?.nextRunAt.toISOString()).toBe('2031-03-01T10:01:00.000Z');

    expect(await scheduler.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toHaveLength(1);
    expect(await scheduler.runDue()).toEqual([]);
    expect(slots).toEqual(['2031-03-01T10:01:00.000Z']);

    // Three slots missed (the servers were down): one run, for the oldest, then back on the grid.
    clock.advance(3 * HOUR + 5 * MINUTE);
    await scheduler.runDue();
    expect(slots).toEqual(['2031-03-01T10:01:00.000Z', '2031-03-01T11:01:00.000Z']);
    const row = await rowOf(job.name);
    expect(row).toMatchObject({
      nextRunAt: new Date('2031-03-01T14:01:00.000Z'),
      lastSlotAt: new Date('2031-03-01T11:01:00.000Z'),
      lastStartedAt: new Date('2031-03-01T13:06:00.000Z'),
      lastFinishedAt: new Date('2031-03-01T13:06:00.000Z'),
      lastResult: 'ok',
      lastDetail: 'ran 2',
      runningSince: null,
      runs: 2,
      failures: 0,
    });
    expect(outcomes.map((outcome) => outcome.result)).toEqual(['ok', 'ok']);
    await scheduler.stop();
  });

  it('keeps its schedule across a restart and never runs a slot a second time', async () => {
    const clock = createManualClock(START);
    const { job, slots } = recordingJob();
    const first = schedulerWith(clock, [job]);
    await first.start();
    clock.advance(MINUTE);
    await first.runDue();
    await first.stop();

    // A new process, the same moment: the slot it would run is taken.
    const second = schedulerWith(clock, [job]);
    await second.start();
    expect(await second.runDue()).toEqual([]);
    expect((await rowOf(job.name))?.nextRunAt.toISOString()).toBe('2031-03-01T11:01:00.000Z');
    clock.advance(HOUR);
    expect(await second.runDue()).toHaveLength(1);
    expect(slots).toEqual(['2031-03-01T10:01:00.000Z', '2031-03-01T11:01:00.000Z']);
    await second.stop();
  });

  it('brings a slot closer when the interval was shortened', async () => {
    const clock = createManualClock(START);
    const { job } = recordingJob({ intervalMs: 24 * HOUR, firstRunDelayMs: 24 * HOUR });
    await schedulerWith(clock, [job]).start();
    await schedulerWith(clock, [{ ...job, intervalMs: HOUR }]).start();
    expect((await rowOf(job.name))?.nextRunAt.toISOString()).toBe('2031-03-01T11:00:00.000Z');
  });

  it('records a failed run by the kind of error only, counts it, and runs the next slot', async () => {
    const clock = createManualClock(START);
    const { job, slots, control } = recordingJob();
    const outcomes: JobOutcome[] = [];
    const scheduler = schedulerWith(clock, [job], outcomes);
    await scheduler.start();
    control.fail = true;
    clock.advance(MINUTE);
    await scheduler.runDue();
    expect(await rowOf(job.name)).toMatchObject({
      lastResult: 'failed',
      lastDetail: 'TypeError',
      runs: 1,
      failures: 1,
      runningSince: null,
    });
    control.fail = false;
    clock.advance(HOUR);
    await scheduler.runDue();
    expect(await rowOf(job.name)).toMatchObject({ lastResult: 'ok', runs: 2, failures: 1 });
    expect(slots).toHaveLength(2);
    expect(outcomes.map((outcome) => outcome.result)).toEqual(['failed', 'ok']);
  });

  it('does not start a slot while a run is in progress, until that run outlives its lease', async () => {
    const clock = createManualClock(START);
    let release: () => void = () => {};
    const { job, slots } = recordingJob({ leaseMs: 2 * HOUR });
    const slow: JobDefinition = {
      ...job,
      run: async (run) => {
        await job.run(run);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return 'slow run done';
      },
    };
    const busy = schedulerWith(clock, [slow]);
    await busy.start();
    clock.advance(MINUTE);
    const running = busy.runDue();
    while (slots.length === 0) await new Promise((resolve) => setImmediate(resolve));

    // Another process, an hour later: the first run is still going.
    const other = schedulerWith(clock, [job]);
    clock.advance(HOUR);
    expect(await other.runDue()).toEqual([]);
    // Past the lease it is taken for dead (its process crashed): the next slot runs.
    clock.advance(2 * HOUR);
    expect(await other.runDue()).toHaveLength(1);
    expect(slots).toEqual(['2031-03-01T10:01:00.000Z', '2031-03-01T11:01:00.000Z']);
    release();
    await running;
  });

  it('lets one of two schedulers claim a slot they both find due', async () => {
    const clock = createManualClock(START);
    const { job, slots } = recordingJob();
    const a = schedulerWith(clock, [job]);
    const b = schedulerWith(clock, [job]);
    await Promise.all([a.start(), b.start()]);
    for (let slot = 0; slot < 5; slot += 1) {
      clock.advance(slot === 0 ? MINUTE : HOUR);
      const [fromA, fromB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(fromA.length + fromB.length).toBe(1);
    }
    expect(new Set(slots).size).toBe(5);
    expect(slots).toHaveLength(5);
  });

  it('refuses two jobs of one name and an interval that is not positive', () => {
    const scheduler = schedulerWith(createManualClock(START), []);
    const { job } = recordingJob();
    scheduler.register(job);
    expect(() => scheduler.register(job)).toThrow(/already registered/);
    expect(() => scheduler.register({ ...job, name: uniqueName('job'), intervalMs: 0 })).toThrow(
      /positive/,
    );
  });
});
