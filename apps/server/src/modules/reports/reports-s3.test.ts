import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser } from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { reports } from '../../db/schema';

// The S3 driver against a real S3-compatible server (s3rver, from npm), started here.
let server: S3rver;
let t: TestApp;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'candor-s3-')),
    configureBuckets: [{ name: 'evidence', configs: [] }],
  });
  const { port } = await server.run();
  t = await buildTestApp({
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'evidence',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
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
