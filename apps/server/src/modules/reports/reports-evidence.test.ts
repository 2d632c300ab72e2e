import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser } from '../../../test/factories';
import { createReport, submitReport } from '../../../test/reports';
import { reports } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  // Its own app, with a small upload limit so the 413 test stays small.
  t = await buildTestApp({ env: { MAX_UPLOAD_MB: '1' } });
});

async function download(link: string) {
  const url = new URL(link, 'http://localhost');
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

async function storedFile(reportId: number): Promise<Buffer> {
  const [row] = await t.database.db.select().from(reports).where(eq(reports.id, reportId));
  const key = row?.evidenceKey as string;
  return readFile(
    path.join(
      t.config.storage.driver === 'local' ? t.config.storage.dir : '',
      key.slice(0, 2),
      key,
    ),
  );
}

describe('evidence on reports', () => {
  it('strips every piece of metadata from a JPEG with GPS and serves it through a signed link', async () => {
    const original = readEvidenceFixture('photo-gps.jpg');
    expect(await exifr.gps(original)).toBeDefined();
    const user = await createUser(t);
    const report = await createReport(
      t,
      user,
      {},
      { name: 'IMG_2041_jane.jpg', type: 'image/jpeg', data: original },
    );
    expect(report.file_upload).toMatch(
      /^\/api\/reports\/\d+\/evidence\/\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(report.file_kind).toBe('image');

    const response = await download(report.file_upload as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="report-${report.id}-evidence.jpg"`,
    );
    const served = response.rawPayload;
    expect(
      await exifr.parse(served, { gps: true, xmp: true, iptc: true, icc: true, tiff: true }),
    ).toBeUndefined();
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(served.toString('latin1')).not.toContain('jane');
  });

  it('serves byte ranges, so a video can seek', async () => {
    const original = readEvidenceFixture('location.mp4');
    const report = await createReport(
      t,
      await createUser(t),
      {},
      { name: 'clip.mp4', type: 'video/mp4', data: original },
    );
    const url = new URL(report.file_upload as string, 'http://localhost');
    const whole = await download(report.file_upload as string);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    const past = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { range: `bytes=${whole.rawPayload.length}-` },
    });
    expect(past.statusCode).toBe(416);
  });

  it('encrypts the stored file', async () => {
    const original = readEvidenceFixture('photo-gps.jpg');
    const report = await createReport(
      t,
      await createUser(t),
      {},
      { name: 'a.jpg', type: 'image/jpeg', data: original },
    );
    const stored = await storedFile(report.id);
    expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    const served = (await download(report.file_upload as string)).rawPayload;
    expect(stored.includes(served.subarray(100, 164))).toBe(false);
  });

  it('removes the location and title from an MP4', async () => {
    const original = readEvidenceFixture('location.mp4');
    expect(original.includes(Buffer.from('\u00a9xyz', 'latin1'))).toBe(true);
    const report = await createReport(
      t,
      await createUser(t),
      {},
      { name: 'clip.mp4', type: 'video/mp4', data: original },
    );
    expect(report.file_kind).toBe('video');
    const response = await download(report.file_upload as string);
    expect(response.headers['content-type']).toBe('video/mp4');
    const served = response.rawPayload;
    expect(served.includes(Buffer.from('\u00a9xyz', 'latin1'))).toBe(false);
    expect(served.toString('latin1')).not.toContain('Secret');
    expect(served.toString('latin1')).not.toMatch(/\+\d{2}\.\d{4}[+-]\d{3}\.\d{4}/);
  });

  it('refuses a text file renamed .jpg, whatever type it declares', async () => {
    const response = await submitReport(
      t,
      await createUser(t),
      {},
      {
        name: 'photo.jpg',
        type: 'image/jpeg',
        data: readEvidenceFixture('not-an-image.jpg'),
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        'Only image (JPEG, PNG, WebP, GIF, HEIC) or video (MP4, MOV, WebM) files are accepted.',
    });
  });

  it('refuses a file over the limit with 413 and files nothing', async () => {
    const user = await createUser(t);
    const big = Buffer.alloc(1024 * 1024 + 10, 0xff);
    const response = await submitReport(
      t,
      user,
      { title: 'Too big' },
      { name: 'big.jpg', type: 'image/jpeg', data: big },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The file is too large. The maximum size is 1 MB.' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/reports/', headers: user.headers });
    expect(mine.json()).toEqual([]);
  });

  it('refuses 11 MB with 413 at the default 10 MB limit', async () => {
    const standard = await getTestApp();
    const user = await createUser(standard);
    const eleven = Buffer.alloc(11 * 1024 * 1024, 0xff);
    const response = await submitReport(
      standard,
      user,
      {},
      { name: 'big.mp4', type: 'video/mp4', data: eleven },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail: 'The file is too large. The maximum size is 10 MB.',
    });
  });

  it('refuses a declared length past the limit before reading the body', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/',
      headers: {
        ...user.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      payload: '--x--',
    });
    expect(response.statusCode).toBe(413);
  });

  it('refuses a file in any field but file_upload, and a second file', async () => {
    const user = await createUser(t);
    const data = readEvidenceFixture('photo-gps.jpg');
    const { multipart } = await import('../../../test/reports');
    const body = await multipart(
      { title: 'x', description: 'y' },
      { name: 'a.jpg', type: 'image/jpeg', data },
      'avatar',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ avatar: ['This field is not allowed.'] });
  });

  it('answers the same 404 to every unsigned, expired or tampered link, whether the report exists and has a file or not', async () => {
    const user = await createUser(t);
    const report = await createReport(
      t,
      user,
      {},
      { name: 'a.jpg', type: 'image/jpeg', data: readEvidenceFixture('photo-gps.jpg') },
    );
    const withoutFile = await createReport(t, user, { title: 'No file' });
    const link = report.file_upload as string;
    expect((await download(link)).statusCode).toBe(200);
    const { signEvidenceLink } = await import('../../lib/file-links');
    const old = signEvidenceLink(t.app.ctx, report.id, Date.now() - 11 * 60_000);
    const expires = Number(new URL(link, 'http://x').searchParams.get('expires'));
    const signature = new URL(link, 'http://x').searchParams.get('signature') as string;
    const flipped = `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`;
    const badQueries = [
      '',
      `?expires=${expires}`,
      `?signature=${signature}`,
      `?expires=${expires}&signature=${flipped}`,
      `?expires=${expires + 3600}&signature=${signature}`,
      `?expires=${expires}&signature=${signature.toUpperCase()}`,
      `?expires=${expires}&signature=${signature}${signature}`,
      `?expires=${expires}&signature=${signature}&signature=${signature}`,
      `?expires=-1&signature=${signature}`,
      `?expires=${expires}.0&signature=${signature}`,
      new URL(old, 'http://x').search,
    ];
    const missingId = withoutFile.id + 1_000_000;
    for (const id of [report.id, withoutFile.id, missingId]) {
      for (const query of badQueries) {
        const answer = await download(`/api/reports/${id}/evidence/${query}`);
        expect({ id, query, status: answer.statusCode, body: answer.json() }).toEqual({
          id,
          query,
          status: 404,
          body: { detail: 'Not found.' },
        });
      }
    }
    // A link signed for one report does not open another.
    const moved = link.replace(`/reports/${report.id}/`, `/reports/${withoutFile.id}/`);
    expect((await download(moved)).statusCode).toBe(404);
    // Signed, but there is no file: the same answer.
    const signedNoFile = signEvidenceLink(t.app.ctx, withoutFile.id);
    expect((await download(signedNoFile)).json()).toEqual({ detail: 'Not found.' });

    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, report.id));
    const dir = t.config.storage.driver === 'local' ? t.config.storage.dir : '';
    const key = row?.evidenceKey as string;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${report.id}/`,
      headers: user.headers,
    });
    expect((await download(link)).statusCode).toBe(404);
    expect(await readdir(path.join(dir, key.slice(0, 2)))).not.toContain(key);
  });
});
