import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { sqlRows } from '../../../test/sql';
import { reportOwnerIndex, reports } from '../../db/schema';
import { ownerTagOf, retagLegacyOwners } from './owner-index';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const myReports = async (user: TestUser) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/reports/',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: number }[]).map((report) => report.id).sort((a, b) => a - b);
};

const tagOf = async (id: number) => {
  const [row] = await t.database.db
    .select({ tag: reports.ownerHash, reference: reports.reference })
    .from(reports)
    .where(eq(reports.id, id));
  return row as { tag: string; reference: string };
};

describe('per-report owner tags', () => {
  it('gives each anonymous report a tag of its own, and My Reports still finds them all', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const first = await createReport(t, user);
    const second = await createReport(t, user);
    const named = await createReport(t, user, { is_anonymous: 'false' });
    const theirs = await createReport(t, other);
    const [a, b] = [await tagOf(first.id), await tagOf(second.id)];
    expect(a.tag).toMatch(/^[0-9a-f]{64}$/);
    expect(b.tag).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tag).not.toBe(b.tag);
    // Not the old per-user hash, which a dump could group reports by.
    expect(a.tag).not.toBe(t.app.ctx.hash('report.owner', user.id));
    expect(await myReports(user)).toEqual([first.id, second.id, named.id].sort((x, y) => x - y));
    expect(await myReports(other)).toEqual([theirs.id]);
  });

  it('keeps the index sealed under a key that names no user', async () => {
    const user = await createUser(t);
    const report = await createReport(t, user);
    const rows = await sqlRows<{ owner_key: string; entries: Buffer }>(
      t.database.db,
      sql`select owner_key, entries from report_owner_index`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const oldHash = t.app.ctx.hash('report.owner', user.id);
    for (const row of rows) {
      expect(row.owner_key).toMatch(/^[0-9a-f]{64}$/);
      expect(row.owner_key).not.toBe(oldHash);
      expect(Buffer.from(row.entries).toString('utf8')).not.toContain('ids');
      expect(Buffer.from(row.entries).toString('utf8')).not.toContain(`[${report.id}`);
    }
  });

  it('pads the sealed index, so its length does not count a reporter’s reports', async () => {
    const once = await createUser(t);
    const often = await createUser(t);
    await createReport(t, once);
    for (let i = 0; i < 5; i += 1) await createReport(t, often);
    const lengthOf = async (user: TestUser) => {
      const [row] = await sqlRows<{ size: number }>(
        t.database.db,
        sql`select octet_length(entries) as size from report_owner_index
            where owner_key = ${t.app.ctx.hash('report.owner-index', user.id)}`,
      );
      return Number(row?.size);
    };
    expect(await lengthOf(once)).toBeGreaterThan(0);
    expect(await lengthOf(once)).toBe(await lengthOf(often));
  });

  it('shows a report only when its own tag matches, whatever the index says', async () => {
    const owner = await createUser(t);
    const intruder = await createUser(t);
    const report = await createReport(t, owner);
    const planted = await createReport(t, intruder);
    // A tag copied onto another report does not transfer it: the tag is bound to the reference.
    await t.database.db
      .update(reports)
      .set({ ownerHash: (await tagOf(report.id)).tag })
      .where(eq(reports.id, planted.id));
    expect(await myReports(owner)).toEqual([report.id]);
    expect(await myReports(intruder)).toEqual([]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${planted.id}/`,
      headers: owner.headers,
    });
    expect(detail.statusCode).toBe(404);
  });

  it('re-tags reports stored with the old per-user hash and indexes them', async () => {
    const user = await createUser(t);
    const report = await createReport(t, user);
    const older = await createReport(t, user);
    const legacyHash = `legacy:${t.app.ctx.hash('report.owner', user.id)}`;
    await t.database.db.execute(
      sql`update reports set owner_hash = ${legacyHash} where id in (${report.id}, ${older.id})`,
    );
    // The oldest rows have no sealed owner: the old hash alone finds it.
    await t.database.db.execute(sql`update reports set owner_sealed = null where id = ${older.id}`);
    await t.database.db
      .delete(reportOwnerIndex)
      .where(eq(reportOwnerIndex.ownerKey, t.app.ctx.hash('report.owner-index', user.id)));
    expect(await myReports(user)).toEqual([]);
    expect(await retagLegacyOwners(t.app.ctx)).toBeGreaterThanOrEqual(2);
    const { tag, reference } = await tagOf(report.id);
    expect(tag).toBe(ownerTagOf(t.app.ctx, user.id, reference));
    expect((await tagOf(older.id)).tag).toBe(
      ownerTagOf(t.app.ctx, user.id, (await tagOf(older.id)).reference),
    );
    expect(await myReports(user)).toEqual([report.id, older.id].sort((x, y) => x - y));
    expect(await retagLegacyOwners(t.app.ctx)).toBe(0);
  });
});
