import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getTestDatabase, type TestApp } from '../../test/app';
import { uniqueName } from '../../test/factories';
import { scheduledJobs } from '../db/schema';
import { createManualClock } from '../lib/clock';

const MINUTE = 60_000;
const clock = createManualClock(new Date());
let t: TestApp;

beforeAll(async () => {
  // A fresh schedule for the sweep: earlier runs in this database may have left one.
  const database = await getTestDatabase();
  await database.db.delete(scheduledJobs).where(eq(scheduledJobs.name, 'evidence-sweep'));
  t = await buildTestApp({ env: { EVIDENCE_SWEEP_INTERVAL_MINUTES: '60' }, clock });
});

afterAll(async () => {
  await t.app.close();
});

describe('the evidence sweep as a scheduled job', () => {
  it('runs a minute after it is first scheduled, then hourly, and counts its runs', async () => {
    const storage = t.config.storage;
    if (storage.driver !== 'local') throw new Error('local storage expected');
    const key = uniqueName('orphan').replace(/_/g, '-');
    await t.app.ctx.storage.put(key, Buffer.from('sealed bytes'));
    const file = path.join(storage.dir, key.slice(0, 2), key);
    const twoHoursAgo = new Date(clock.now().getTime() - 120 * MINUTE);
    utimesSync(file, twoHoursAgo, twoHoursAgo);

    expect(await t.app.scheduler.runDue()).toEqual([]);
    expect(existsSync(file)).toBe(true);
    clock.advance(MINUTE);
    const [outcome] = await t.app.scheduler.runDue();
    expect(outcome).toMatchObject({ job: 'evidence-sweep', result: 'ok' });
    expect(outcome?.detail).toMatch(/^removed [1-9]\d* file\(s\)$/);
    expect(existsSync(file)).toBe(false);

    clock.advance(30 * MINUTE);
    expect(await t.app.scheduler.runDue()).toEqual([]);
    clock.advance(30 * MINUTE);
    expect(await t.app.scheduler.runDue()).toHaveLength(1);

    const metrics = await t.app.ctx.metrics.registry.metrics();
    expect(metrics).toContain('candor_job_runs_total{job="evidence-sweep",result="ok"} 2');
  });
});
