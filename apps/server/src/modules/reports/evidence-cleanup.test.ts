import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser, uniqueName } from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { reports } from '../../db/schema';
import { removeOrphanEvidence } from './evidence-cleanup';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60_000);

function fileOf(key: string) {
  const storage = t.config.storage;
  if (storage.driver !== 'local') throw new Error('local storage expected');
  return path.join(storage.dir, key.slice(0, 2), key);
}

async function storeAged(key: string, isOld: boolean) {
  await t.app.ctx.storage.put(key, Buffer.from('sealed bytes'));
  if (isOld) utimesSync(fileOf(key), TWO_HOURS_AGO, TWO_HOURS_AGO);
}

describe('the sweep of stored files that no report references', () => {
  it('removes old orphans and interrupted writes, keeping report files and recent uploads', async () => {
    const user = await createUser(t);
    const report = await createReport(
      t,
      user,
      {},
      { name: 'p.jpg', type: 'image/jpeg', data: readEvidenceFixture('photo-gps.jpg') },
    );
    const [row] = await t.database.db
      .select({ key: reports.evidenceKey })
      .from(reports)
      .where(eq(reports.id, report.id));
    const reportKey = row?.key as string;
    utimesSync(fileOf(reportKey), TWO_HOURS_AGO, TWO_HOURS_AGO);

    const oldOrphan = uniqueName('orphan').replace(/_/g, '-');
    const newOrphan = uniqueName('fresh').replace(/_/g, '-');
    await storeAged(oldOrphan, true);
    await storeAged(newOrphan, false);
    const partial = `${fileOf(oldOrphan)}-cut.partial`;
    writeFileSync(partial, 'half a file');
    utimesSync(partial, TWO_HOURS_AGO, TWO_HOURS_AGO);

    const outcome = await removeOrphanEvidence(t.app.ctx);
    expect(outcome?.removed).toBeGreaterThanOrEqual(2);
    expect(existsSync(fileOf(oldOrphan))).toBe(false);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(fileOf(newOrphan))).toBe(true);
    expect(existsSync(fileOf(reportKey))).toBe(true);
    // The report's file still opens through its link.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${report.id}/`,
      headers: user.headers,
    });
    const link = new URL(opened.json().file_upload, 'http://x');
    const file = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
  });
});
