import type { AdminReportPage } from '@candor/contract/admin';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestApp, type TestApp } from '../../test/app';
import { callsAs } from '../../test/calls';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
  uniqueName,
} from '../../test/factories';
import { createReport } from '../../test/reports';
import { sqlRows } from '../../test/sql';
import { reports } from '../db/schema';
import { createManualClock } from './clock';
import { createReadCache, type ReadCaller, type ReadKey, versionKeys } from './read-cache';

/** The one caller these unit tests need. */
const caller: ReadCaller = {
  id: 1,
  role: 'admin',
  isSuperuser: false,
  organizationId: 1,
  plan: 'free',
  tokenEpoch: 0,
};
/** A read of that caller, depending on one report's version (0: on nothing but `all`). */
const key = (read: string, reportId = 0): ReadKey => ({
  read,
  caller,
  versions: [versionKeys.report(reportId)],
});

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const get = (user: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user.headers });
const adminList = async (admin: TestUser) =>
  (await get(admin, '/api/admin/reports/?limit=25')).json() as AdminReportPage;
const listed = async (admin: TestUser, id: number) =>
  (await adminList(admin)).results.find((report) => report.id === id);

/** An organisation with an admin, a member and one of the member's reports. */
async function scope() {
  const organizationId = await createOrganization(t);
  const admin = await createAdmin(t, { organizationId });
  const member = await createUser(t, { organizationId });
  const report = await createReport(t, member, { title: uniqueName('title') });
  return { organizationId, admin, member, report };
}

describe('a kept answer', () => {
  it('is used while nothing it depends on changed, and made again after a commit to it, or once its time is up', async () => {
    const clock = createManualClock();
    const cache = createReadCache({ clock, ttlMs: 1_000 });
    const read = vi.fn(async () => ({ made: read.mock.calls.length }));
    const db = t.database.db;
    const { report } = await scope();
    const k = key('k', report.id);
    const first = await cache.through(db, k, read);
    expect(await cache.through(db, k, read)).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);

    // Another key is another read.
    await cache.through(db, key('other', report.id), read);
    expect(read).toHaveBeenCalledTimes(2);
    // So is the same read for another caller, or with other parameters.
    const theirs = await cache.through(db, { ...k, caller: { ...caller, id: 2 } }, read);
    expect(theirs).not.toBe(first);
    await cache.through(db, { ...k, params: { page: 2 } }, read);
    expect(read).toHaveBeenCalledTimes(4);
    expect(await cache.through(db, k, read)).toBe(first);

    // A commit to the report, by anyone, outside any request.
    await db.update(reports).set({ priorityFlag: true }).where(eq(reports.id, report.id));
    await cache.through(db, k, read);
    expect(read).toHaveBeenCalledTimes(5);
    await cache.through(db, k, read);
    expect(read).toHaveBeenCalledTimes(5);
    // A commit to a report in another scope leaves it kept.
    const other = await scope();
    await db.update(reports).set({ priorityFlag: true }).where(eq(reports.id, other.report.id));
    await cache.through(db, k, read);
    expect(read).toHaveBeenCalledTimes(5);

    // What depends on the time alone is at most the TTL late; a clock set back is no help.
    clock.advance(1_000);
    await cache.through(db, key('k'), read);
    expect(read).toHaveBeenCalledTimes(6);
    clock.advance(-10_000);
    await cache.through(db, key('k'), read);
    expect(read).toHaveBeenCalledTimes(7);
  });

  it('is not kept when the change commits while it is being made', async () => {
    const cache = createReadCache({ clock: createManualClock() });
    const { report } = await scope();
    const db = t.database.db;
    const read = vi.fn(async () => {
      const [row] = await db
        .select({ status: reports.status })
        .from(reports)
        .where(eq(reports.id, report.id));
      // Committed after the answer read the row, before it is kept.
      if (read.mock.calls.length === 1) {
        await db.update(reports).set({ status: 'under_review' }).where(eq(reports.id, report.id));
      }
      return row?.status;
    });
    expect(await cache.through(db, key('status', report.id), read)).toBe('pending');
    expect(await cache.through(db, key('status', report.id), read)).toBe('under_review');
  });

  it('leaves memory once its time is up, read again or not', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const clock = createManualClock();
      const cache = createReadCache({ clock, ttlMs: 1_000 });
      const advance = (ms: number) => {
        clock.advance(ms);
        vi.advanceTimersByTime(ms);
      };
      await cache.through(t.database.db, key('first'), async () => 'kept');
      advance(500);
      await cache.through(t.database.db, key('second'), async () => 'kept');
      advance(600);
      expect(cache.size).toBe(1);
      advance(1_000);
      expect(cache.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is frozen: no caller can change what the next one is given', async () => {
    const cache = createReadCache({ clock: createManualClock() });
    const kept = await cache.through(t.database.db, key('frozen'), async () => ({
      list: [{ a: 1 }],
    }));
    expect(() => {
      (kept.list[0] as { a: number }).a = 2;
    }).toThrow(TypeError);
    expect(() => kept.list.push({ a: 3 })).toThrow(TypeError);
  });

  it('with no time to live, keeps nothing', async () => {
    const cache = createReadCache({ clock: createManualClock(), ttlMs: 0 });
    const read = vi.fn(async () => 1);
    await cache.through(t.database.db, key('k'), read);
    await cache.through(t.database.db, key('k'), read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it("moves a report's version once per transaction, however many rows it changes", async () => {
    const { report, admin } = await scope();
    const version = async () =>
      (
        await sqlRows<{ value: string }>(
          t.database.db,
          sql`select coalesce(sum(value), 0)::text as value from read_versions
              where key = ${versionKeys.report(report.id)}`,
        )
      )[0]?.value;
    const before = Number(await version());
    await t.database.db.transaction(async (tx) => {
      await tx.update(reports).set({ priorityFlag: true }).where(eq(reports.id, report.id));
      await tx.execute(sql`update users set email = null where id = ${admin.id}`);
      await tx.update(reports).set({ priorityFlag: false }).where(eq(reports.id, report.id));
    });
    expect(Number(await version())).toBe(before + 1);
    // A statement that changes nothing moves nothing.
    await t.database.db.update(reports).set({ priorityFlag: true }).where(eq(reports.id, -1));
    expect(Number(await version())).toBe(before + 1);
  });

  it('is not given to the same account once what decided its access changed', async () => {
    const cache = createReadCache({ clock: createManualClock() });
    const read = vi.fn(async () => ({ made: read.mock.calls.length }));
    const db = t.database.db;
    const first = await cache.through(db, key('access'), read);
    for (const changed of [
      { role: 'user' },
      { organizationId: 2 },
      { isSuperuser: true },
      { tokenEpoch: 1 },
      { plan: 'premium' },
      { withheld: { role: 'admin', isSuperuser: false } },
    ]) {
      const theirs = await cache.through(
        db,
        { ...key('access'), caller: { ...caller, ...changed } },
        read,
      );
      expect(theirs).not.toBe(first);
    }
    expect(read).toHaveBeenCalledTimes(7);
  });
});

describe('the busy reads, kept', () => {
  it('show a change made outside any request on the very next read', async () => {
    const { admin, report } = await scope();
    expect((await listed(admin, report.id))?.status).toBe('pending');
    expect((await get(admin, `/api/reports/${report.id}/`)).json().status).toBe('pending');
    expect((await get(admin, '/api/admin/analytics/')).json().reports_by_status.pending).toBe(1);
    // As a scheduled job, a management command or another server process would.
    await t.database.db
      .update(reports)
      .set({ status: 'under_review' })
      .where(eq(reports.id, report.id));
    expect((await listed(admin, report.id))?.status).toBe('under_review');
    expect((await get(admin, `/api/reports/${report.id}/`)).json().status).toBe('under_review');
    const analytics = (await get(admin, '/api/admin/analytics/')).json();
    expect(analytics.reports_by_status.pending).toBe(0);
    expect(analytics.reports_by_status.under_review).toBe(1);
  });

  it("never give one caller another's answer: an admin who filed a report reads no note on it", async () => {
    const organizationId = await createOrganization(t);
    const filer = await createAdmin(t, { organizationId });
    const colleague = await createAdmin(t, { organizationId });
    const own = await createReport(t, filer, { title: uniqueName('own'), is_anonymous: 'true' });
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${own.id}/comments/`,
      headers: colleague.headers,
      payload: { message: 'Internal: check the CCTV first', is_internal: true },
    });
    expect(note.statusCode).toBe(201);
    // The colleague's answers are kept first, under the colleague's name.
    expect(await listed(colleague, own.id)).toBeDefined();
    expect((await get(colleague, `/api/reports/${own.id}/`)).statusCode).toBe(200);
    const colleagueThread = await get(colleague, `/api/reports/${own.id}/comments/`);
    expect(colleagueThread.body).toContain('check the CCTV');
    // The same addresses, asked by the filer: what their own standing allows, not the kept answer.
    // Their list holds the report as the colleague's does (docs/api.md "Conflict of interest").
    expect(await listed(filer, own.id)).toEqual(await listed(colleague, own.id));
    expect((await adminList(filer)).count).toBe(1);
    // They may read it as its reporter, never as its administrator: no internal note.
    expect((await get(filer, `/api/reports/${own.id}/`)).statusCode).toBe(200);
    const thread = await get(filer, `/api/reports/${own.id}/comments/`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toEqual([]);
    expect(thread.body).not.toContain('CCTV');
  });

  it("show a reporter's new message in the admin's list at once, and none once the admin read it", async () => {
    const { admin, member, report } = await scope();
    expect((await listed(admin, report.id))?.unread_from_reporter).toBe(0);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${report.id}/comments/`,
      headers: member.headers,
      payload: { message: 'Are you looking at this?' },
    });
    expect(sent.statusCode).toBe(201);
    expect((await listed(admin, report.id))?.unread_from_reporter).toBe(1);
    // Reading the thread, twice: the second is kept, the reading recorded once.
    expect((await get(admin, `/api/reports/${report.id}/comments/`)).statusCode).toBe(200);
    expect((await get(admin, `/api/reports/${report.id}/comments/`)).statusCode).toBe(200);
    expect((await listed(admin, report.id))?.unread_from_reporter).toBe(0);
    const reads = await sqlRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from report_reads where report_id = ${report.id}`,
    );
    expect(reads[0]?.n).toBe(1);
  });

  it('show a new notice at once, whether the reader filed anonymously or not, and the report they open clears theirs', async () => {
    const { admin, member } = await scope();
    const anonymous = await createReport(t, member, {
      title: uniqueName('anonymous'),
      is_anonymous: 'true',
    });
    const messages = async (user: TestUser) =>
      ((await get(user, '/api/notifications/')).json() as { message: string; report: number }[])
        .filter((notice) => notice.report === anonymous.id)
        .map((notice) => notice.message);
    const unread = async (user: TestUser) =>
      (await get(user, '/api/notifications/unread_count/')).json().count as number;
    // Kept first: the administrator has no anonymous report (their versions are read with their
    // index), the member has one (theirs are read apart).
    expect(await messages(admin)).toEqual(['A new report was submitted.']);
    expect(await messages(member)).toEqual([]);
    const { call } = callsAs(t);
    const thread = `/api/reports/${anonymous.id}/comments/`;
    const reply = await call(admin, 'POST', thread, { message: 'Thank you, we are on it.' });
    expect(reply.statusCode).toBe(201);
    expect(await messages(member)).toHaveLength(1);
    const answer = await call(member, 'POST', thread, { message: 'There is more.' });
    expect(answer.statusCode).toBe(201);
    expect(await messages(admin)).toHaveLength(2);
    // Opening the report clears each one's notices about it, and the next opening, kept, finds none.
    const before = { admin: await unread(admin), member: await unread(member) };
    for (const user of [admin, member]) {
      expect((await get(user, `/api/reports/${anonymous.id}/`)).statusCode).toBe(200);
      expect((await get(user, `/api/reports/${anonymous.id}/`)).statusCode).toBe(200);
    }
    expect(await unread(admin)).toBe(before.admin - 2);
    expect(await unread(member)).toBe(before.member - 1);
  });

  it('forget a deleted report at once', async () => {
    const { member, report } = await scope();
    expect((await get(member, `/api/reports/${report.id}/`)).statusCode).toBe(200);
    expect(t.app.ctx.reads.size).toBeGreaterThan(0);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${report.id}/`,
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(t.app.ctx.reads.size).toBe(0);
    expect((await get(member, `/api/reports/${report.id}/`)).statusCode).toBe(404);
  });
});
