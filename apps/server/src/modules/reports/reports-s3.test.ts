import type S3rver from '@20minutes/s3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser } from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { s3StorageEnv, startS3Server } from '../../../test/s3';
import { reports } from '../../db/schema';
import { removeOrphanEvidence } from './evidence-cleanup';

// The S3 driver against a real S3-compatible server (s3rver, from npm), started here.
let server: S3rver;
let t: TestApp;

async function startS3(options: { allowMismatchedSignatures: boolean }) {
  const { s3, endpoint } = await startS3Server(options);
  const app = await buildTestApp({ env: s3StorageEnv(endpoint) });
  return { s3, app };
}

beforeAll(async () => {
  ({ s3: server, app: t } = await startS3({ allowMismatchedSignatures: false }));
});

afterAll(async () => {
  await t?.app.close();
  await server?.close();
});

describe('evidence on S3-compatible storage', () => {
  it('stores the file sealed, serves it through its link, and removes it with the report', async () => {
    const user = await createUser(t);
    const photo = readEvidenceFixture('photo-gps.jpg');
    const report = await createReport(
      t,
      user,
      {},
      { name: 'p.jpg', type: 'image/jpeg', data: photo },
    );
    const [row] = await t.database.db
      .select({ key: reports.evidenceKey })
      .from(reports)
      .where(eq(reports.id, report.id));
    const key = row?.key as string;
    // What the bucket holds is sealed, not the photo.
    const stored = await t.app.ctx.storage.get(key);
    expect(stored.includes(photo.subarray(0, 64))).toBe(false);
    expect(stored.subarray(0, 1)[0]).toBe(1);

    const link = new URL(report.file_upload as string, 'http://x');
    const file = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${report.id}/`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
    await expect(t.app.ctx.storage.get(key)).rejects.toThrow();
  });
});

describe('the orphan sweep on S3-compatible storage', () => {
  // s3rver signs a bucket-level request over "/bucket" while the AWS SDK (and AWS itself) sign
  // "/bucket/", so every listing is refused as a signature mismatch by this test server alone.
  // The listing runs against a second s3rver that skips that check; objects are still written,
  // listed and deleted for real.
  let listing: { s3: S3rver; app: TestApp };
  beforeAll(async () => {
    listing = await startS3({ allowMismatchedSignatures: true });
  });
  afterAll(async () => {
    await listing?.app.app.close();
    await listing?.s3.close();
  });

  it('lists the bucket, removes an unreferenced object and keeps a report file and recent ones', async () => {
    const { app } = listing;
    const user = await createUser(app);
    const report = await createReport(
      app,
      user,
      {},
      { name: 'p.jpg', type: 'image/jpeg', data: readEvidenceFixture('photo-gps.jpg') },
    );
    const [row] = await app.database.db
      .select({ key: reports.evidenceKey })
      .from(reports)
      .where(eq(reports.id, report.id));
    const reportKey = row?.key as string;
    const orphanKey = 'f0-orphan-without-a-report';
    await app.app.ctx.storage.put(orphanKey, Buffer.from('sealed bytes'));

    // Both objects are younger than an hour: the default sweep leaves them.
    expect((await removeOrphanEvidence(app.app.ctx))?.removed).toBe(0);
    await expect(app.app.ctx.storage.get(orphanKey)).resolves.toEqual(Buffer.from('sealed bytes'));

    // Counted as old, the orphan goes and the report's file stays.
    expect((await removeOrphanEvidence(app.app.ctx, { minAgeMs: 0 }))?.removed).toBe(1);
    await expect(app.app.ctx.storage.get(orphanKey)).rejects.toThrow();
    const link = new URL(report.file_upload as string, 'http://x');
    const file = await app.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await app.app.ctx.storage.get(reportKey)).length).toBeGreaterThan(0);
  });
});
