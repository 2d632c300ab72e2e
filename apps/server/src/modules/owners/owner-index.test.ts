import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { sqlRows } from '../../../test/sql';
import { notifications, ownerQueue, pendingConversions, reports, users } from '../../db/schema';
import { NOTIFICATION_PURPOSE } from '../notifications/notifications.service';
import { convertOwners, OWNER_CONVERSION } from '../reports/owner-conversion';
import { ownerTagOf, unsaltedOwnerTagOf } from './owner-index';
import { applyOwnerQueue } from './owner-queue';

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

const saltOf = async (user: TestUser) => {
  const [row] = await t.database.db
    .select({ ownerSalt: users.ownerSalt })
    .from(users)
    .where(eq(users.id, user.id));
  return row?.ownerSalt as string;
};

const indexKey = (user: TestUser) => t.app.ctx.hash('report.owner-index', user.id);

describe('per-report owner tags', () => {
  it('gives each anonymous report a salted tag of its own, and My Reports finds them all, queued or applied', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const first = await createReport(t, user);
    const second = await createReport(t, user);
    const named = await createReport(t, user, { is_anonymous: 'false' });
    const theirs = await createReport(t, other);
    const [a, b] = [await tagOf(first.id), await tagOf(second.id)];
    expect(a.tag).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tag).not.toBe(b.tag);
    // The account's salt is in it: without the salt the tag cannot be computed.
    expect(a.tag).toBe(
      ownerTagOf(t.app.ctx, { id: user.id, ownerSalt: await saltOf(user) }, a.reference),
    );
    expect(a.tag).not.toBe(unsaltedOwnerTagOf(t.app.ctx, user.id, a.reference));
    const all = [first.id, second.id, named.id].sort((x, y) => x - y);
    // Still in the owner queue: found there.
    expect(await myReports(user)).toEqual(all);
    await applyOwnerQueue(t.app.ctx);
    expect(await myReports(user)).toEqual(all);
    expect(await myReports(other)).toEqual([theirs.id]);
    expect(await t.database.db.$count(ownerQueue)).toBe(0);
  });

  it('keeps the index sealed under a key that names no user, padded', async () => {
    const once = await createUser(t);
    const often = await createUser(t);
    const report = await createReport(t, once);
    for (let i = 0; i < 5; i += 1) await createReport(t, often);
    await applyOwnerQueue(t.app.ctx);
    const rows = await sqlRows<{ owner_key: string; entries: Buffer; size: number }>(
      t.database.db,
      sql`select owner_key, entries, octet_length(entries) as size from report_owner_index
          where owner_key in (${indexKey(once)}, ${indexKey(often)})`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.owner_key).toMatch(/^[0-9a-f]{64}$/);
      expect(Buffer.from(row.entries).toString('utf8')).not.toContain('ids');
      expect(Buffer.from(row.entries).toString('utf8')).not.toContain(`[${report.id}`);
    }
    expect(Number(rows[0]?.size)).toBe(Number(rows[1]?.size));
  });

  it('shows a report only when its own tag matches, whatever the index says', async () => {
    const owner = await createUser(t);
    const intruder = await createUser(t);
    const report = await createReport(t, owner);
    const planted = await createReport(t, intruder);
    await applyOwnerQueue(t.app.ctx);
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

  it('gives nobody an index again once the account is gone, though its report was still queued', async () => {
    const user = await createUser(t);
    await createReport(t, user);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/delete/',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(204);
    await applyOwnerQueue(t.app.ctx);
    const rows = await sqlRows(
      t.database.db,
      sql`select 1 from report_owner_index where owner_key = ${indexKey(user)}`,
    );
    expect(rows).toEqual([]);
  });
});

describe('the conversion of owners stored by earlier versions', () => {
  it('salts the tags, empties the sealed owner, and re-addresses notices, keeping what was read', async () => {
    const reporter = await createUser(t);
    const admin = await createAdmin(t);
    const first = await createReport(t, reporter);
    const legacy = await createReport(t, reporter);
    await applyOwnerQueue(t.app.ctx);
    // As an earlier version stored them: tags without salt (and the oldest with one hash for all
    // of a person's reports), the owner's id sealed on the report.
    const { reference } = await tagOf(first.id);
    const sealedOwner = (_id: number, ref: string) =>
      t.app.ctx.sealer.sealJson({ userId: reporter.id, reference: ref }, 'report.owner-id');
    await t.database.db
      .update(reports)
      .set({
        ownerHash: unsaltedOwnerTagOf(t.app.ctx, reporter.id, reference),
        ownerSealed: sealedOwner(first.id, reference),
      })
      .where(eq(reports.id, first.id));
    const legacyReference = (await tagOf(legacy.id)).reference;
    await t.database.db
      .update(reports)
      .set({
        ownerHash: `legacy:${t.app.ctx.hash('report.owner', reporter.id)}`,
        ownerSealed: sealedOwner(legacy.id, legacyReference),
      })
      .where(eq(reports.id, legacy.id));
    // Notices addressed by one tag per person: one to the reporter (read), one to an admin.
    const personTag = (userId: number) => t.app.ctx.hash('notification.recipient', userId);
    const notice = (tag: string, message: string, isRead: boolean) =>
      t.database.db
        .insert(notifications)
        .values({
          recipientTag: tag,
          isRead,
          payload: t.app.ctx.sealer.sealJson(
            { message, report: first.id, report_title: null, report_reference: reference },
            NOTIFICATION_PURPOSE,
          ),
        })
        .returning({ id: notifications.id });
    const [toReporter] = await notice(personTag(reporter.id), 'Your report is now Resolved.', true);
    const [toAdmin] = await notice(personTag(admin.id), 'A new report was submitted.', false);
    await t.database.db
      .insert(pendingConversions)
      .values({ name: OWNER_CONVERSION })
      .onConflictDoNothing();

    const converted = await convertOwners(t.app.ctx);
    expect(converted?.reports).toBeGreaterThanOrEqual(2);
    const salt = await saltOf(reporter);
    for (const report of [first, legacy]) {
      const { tag, reference: ref } = await tagOf(report.id);
      expect(tag).toBe(ownerTagOf(t.app.ctx, { id: reporter.id, ownerSalt: salt }, ref));
    }
    expect(
      await sqlRows(t.database.db, sql`select id from reports where owner_sealed is not null`),
    ).toEqual([]);
    const rows = await sqlRows<{
      id: number;
      user_id: number | null;
      recipient_tag: string | null;
    }>(
      t.database.db,
      sql`select id, user_id, recipient_tag from notifications
          where id in (${toReporter?.id}, ${toAdmin?.id}) order by id`,
    );
    expect(rows).toEqual([
      {
        id: toReporter?.id,
        user_id: null,
        recipient_tag: t.app.ctx.hash('notification.reporter', first.id),
      },
      { id: toAdmin?.id, user_id: admin.id, recipient_tag: null },
    ]);
    // The reporter still finds both reports and the notice, read as it was.
    expect(await myReports(reporter)).toEqual([first.id, legacy.id].sort((x, y) => x - y));
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/',
      headers: reporter.headers,
    });
    expect(seen.json()).toContainEqual(
      expect.objectContaining({ id: toReporter?.id, is_read: true }),
    );
    expect(await convertOwners(t.app.ctx)).toBeNull();
  });
});
