import type S3rver from '@20minutes/s3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser } from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { s3StorageEnv, startS3Server } from '../../../test/s3';
import { openThrowawayDatabase, type ThrowawayDatabase } from '../../../test/throwaway-database';
import { reports } from '../../db/schema';
import { createManualClock } from '../../lib/clock';
import { DAY_MS } from '../../lib/day';
import { isMissingObject } from '../../lib/storage';

// The purge and the readiness check with the S3 driver, against a real S3-compatible server
// (s3rver, from npm) started here, on a database of this file's own.

const clock = createManualClock(new Date());
let s3: S3rver;
let throwaway: ThrowawayDatabase;
let t: TestApp;

beforeAll(async () => {
  const started = await startS3Server();
  s3 = started.s3;
  throwaway = await openThrowawayDatabase();
  t = await buildTestApp({
    database: throwaway.database,
    clock,
    env: {
      ...s3StorageEnv(started.endpoint),
      RETENTION_DAYS: '7',
      RETENTION_PURGE_INTERVAL_MINUTES: '60',
    },
  });
});

afterAll(async () => {
  await t?.app.close();
  await throwaway?.drop();
  await s3?.close().catch(() => {});
});

describe('retention and readiness on S3-compatible storage', () => {
  it('removes a purged report’s file from the bucket', async () => {
    const reporter = await createUser(t);
    const report = await createReport(
      t,
      reporter,
      { title: 'S3 retention' },
      { name: 'p.jpg', type: 'image/jpeg', data: readEvidenceFixture('photo-gps.jpg') },
    );
    const [row] = await t.database.db
      .select({ key: reports.evidenceKey })
      .from(reports)
      .where(eq(reports.id, report.id));
    const key = row?.key as string;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${report.id}/cancel/`,
      headers: reporter.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await t.app.ctx.storage.get(key)).toBeInstanceOf(Buffer);

    clock.advance(7 * DAY_MS);
    const [outcome] = await t.app.scheduler.runDue();
    expect(outcome).toMatchObject({
      job: 'retention-purge',
      result: 'ok',
      detail: 'purged 1 report(s), 1 file(s)',
    });
    const error = await t.app.ctx.storage.get(key).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isMissingObject(error)).toBe(true);
  });

  it('is ready while the bucket answers, and answers 503 once it does not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'ok', storage: 'ok' });

    await s3.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failed' },
    });
  });
});
