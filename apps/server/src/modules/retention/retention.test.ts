import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { dumpEverything, type Row, textOf } from '../../../test/dump';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { fileGuestReport, trackAs } from '../../../test/intake';
import { createReport } from '../../../test/reports';
import { sqlRows } from '../../../test/sql';
import { openThrowawayDatabase, type ThrowawayDatabase } from '../../../test/throwaway-database';
import { createManualClock } from '../../lib/clock';
import { DAY_MS, utcDay } from '../../lib/day';
import { isMissingObject } from '../../lib/storage';
import { verifyAuditChain } from '../audit/audit-chain';
import type { NotificationContent } from '../notifications/notifications.repository';
import { NOTIFICATION_PURPOSE } from '../notifications/notifications.service';
import { applyOwnerQueue } from '../owners/owner-queue';

/**
 * Retention on a database of its own (the purge removes every closed report whose time is up,
 * whoever filed it): closed reports are purged on their purge day, run by the scheduler with an
 * injected clock, and afterwards no table holds a row of them, nor storage their file.
 */

const RETENTION_DAYS = 30;
const clock = createManualClock(new Date());
let throwaway: ThrowawayDatabase;
let t: TestApp;
beforeAll(async () => {
  throwaway = await openThrowawayDatabase();
  t = await buildTestApp({
    database: throwaway.database,
    clock,
    env: { RETENTION_DAYS: String(RETENTION_DAYS), RETENTION_PURGE_INTERVAL_MINUTES: '60' },
  });
});
afterAll(async () => {
  await t?.app.close();
  await throwaway?.drop();
});

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

async function ok(response: Promise<{ statusCode: number; body: string }>) {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode}: ${answer.body}`);
  return answer;
}

type Filed = { id: number; reference: string; title: string; description: string };

/** What of `report` a row holds, if anything: its id as a report id, its reference or texts. */
function traceOf(table: string, row: Row, report: Filed): string | null {
  if (table === 'reports' && row.id === report.id) return 'the report row';
  if (row.report_id === report.id) return 'a row with its report_id';
  for (const [column, value] of Object.entries(row)) {
    const text = textOf(value);
    for (const secret of [report.reference, report.title, report.description]) {
      if (text.includes(secret)) return `${column} holds "${secret}"`;
    }
  }
  if (table === 'notifications') {
    const content = t.app.ctx.sealer.openJson<NotificationContent>(
      Buffer.from(row.payload as Uint8Array),
      NOTIFICATION_PURPOSE,
    );
    if (content.report === report.id) return 'a notice about it';
  }
  if (table === 'report_owner_index') {
    const { ids } = t.app.ctx.sealer.openJson<{ ids: number[] }>(
      Buffer.from(row.entries as Uint8Array),
      'report.owner-index',
    );
    if (ids.includes(report.id)) return 'its reporter’s index entry';
  }
  return null;
}

async function evidenceKeyOf(id: number): Promise<string> {
  const [row] = await sqlRows<{ evidence_key: string }>(
    t.database.db,
    sql`select evidence_key from reports where id = ${id}`,
  );
  if (!row?.evidence_key) throw new Error('no evidence');
  return row.evidence_key;
}

async function isStored(key: string): Promise<boolean> {
  try {
    await t.app.ctx.storage.get(key);
    return true;
  } catch (error) {
    if (isMissingObject(error)) return false;
    throw error;
  }
}

/** The sealed owner index, row by row: key to its sealed bytes (hex). */
async function ownerIndexRows(): Promise<Map<string, string>> {
  const rows = await sqlRows<{ owner_key: string; entries: Uint8Array }>(
    t.database.db,
    sql`select owner_key, entries from report_owner_index`,
  );
  return new Map(rows.map((row) => [row.owner_key, Buffer.from(row.entries).toString('hex')]));
}

const today = () => utcDay(clock.now().getTime());
const daysAfter = (day: string, days: number) =>
  utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

describe('retention', () => {
  let admin: TestUser;
  let reporter: TestUser;
  beforeAll(async () => {
    admin = await createAdmin(t);
    reporter = await createUser(t);
  });

  it('purges closed reports on their purge day and leaves nothing of them but a tombstone', async () => {
    const photo = {
      name: 'photo.jpg',
      type: 'image/jpeg',
      data: readEvidenceFixture('photo-gps.jpg'),
    };
    // Anonymous, with a file, a thread, an administrator's reading, notices: resolved.
    const anonymous = await createReport(
      t,
      reporter,
      { title: 'Retention anonymous 5e1c', description: 'Anonymous text 9b3d' },
      photo,
    );
    await ok(
      call(reporter.headers, 'POST', `/api/reports/${anonymous.id}/comments/`, {
        message: 'Reporter message 2c7a',
      }),
    );
    await ok(
      call(admin.headers, 'POST', `/api/reports/${anonymous.id}/comments/`, {
        message: 'Admin reply 8f4e',
      }),
    );
    await ok(call(admin.headers, 'GET', `/api/reports/${anonymous.id}/comments/`));
    await ok(
      call(admin.headers, 'PATCH', `/api/admin/reports/${anonymous.id}/update/`, {
        status: 'resolved',
      }),
    );
    // Identified, with a file: cancelled by its reporter.
    const named = await createReport(
      t,
      reporter,
      {
        title: 'Retention named 3a6f',
        description: 'Named text 7d2b',
        is_anonymous: 'false',
      },
      photo,
    );
    await ok(call(reporter.headers, 'POST', `/api/reports/${named.id}/cancel/`));
    // Without an account: rejected.
    const guest = await fileGuestReport(t, null, {
      title: 'Retention guest 4b8c',
      description: 'Guest text 1e5f',
    });
    const [guestRow] = await sqlRows<{ id: number }>(
      t.database.db,
      sql`select id from reports where reference = ${guest.reference}`,
    );
    const guestId = guestRow?.id as number;
    await ok(
      call(admin.headers, 'PATCH', `/api/admin/reports/${guestId}/update/`, {
        status: 'rejected',
      }),
    );
    // Still open: kept whatever the day.
    const open = await createReport(t, reporter, { title: 'Retention open 6c2d' });
    // Someone else's anonymous report, open: their index must change as much as the reporter's.
    const bystander = await createUser(t);
    await createReport(t, bystander, { title: 'Retention bystander 0a4e' });
    // Their indexes are written by the owner queue, later than the filings.
    await applyOwnerQueue(t.app.ctx);

    const purgeDay = daysAfter(today(), RETENTION_DAYS);
    // Both sides see the purge day, on the report and on /track; an open report has none.
    for (const headers of [reporter.headers, admin.headers]) {
      const response = await ok(call(headers, 'GET', `/api/reports/${anonymous.id}/`));
      expect(JSON.parse(response.body).purge_on).toBe(purgeDay);
    }
    const { headers: guestHeaders } = await trackAs(t, guest.receipt);
    const tracked = await ok(call(guestHeaders, 'GET', '/api/track/report/'));
    expect(JSON.parse(tracked.body).purge_on).toBe(purgeDay);
    const openAnswer = await ok(call(reporter.headers, 'GET', `/api/reports/${open.id}/`));
    expect(JSON.parse(openAnswer.body).purge_on).toBeNull();

    const files = [await evidenceKeyOf(anonymous.id), await evidenceKeyOf(named.id)];
    const purged: Filed[] = [
      {
        id: anonymous.id,
        reference: anonymous.token,
        title: anonymous.title,
        description: 'Anonymous text 9b3d',
      },
      { id: named.id, reference: named.token, title: named.title, description: 'Named text 7d2b' },
      {
        id: guestId,
        reference: guest.reference,
        title: 'Retention guest 4b8c',
        description: 'Guest text 1e5f',
      },
    ];

    // The day before: nothing goes.
    clock.advance((RETENTION_DAYS - 1) * DAY_MS);
    const [before] = await t.app.scheduler.runDue();
    expect(before).toMatchObject({ job: 'retention-purge', result: 'ok' });
    expect(before?.detail).toBe('purged 0 report(s), 0 file(s)');
    for (const key of files) expect(await isStored(key)).toBe(true);

    const indexBefore = await ownerIndexRows();
    expect(indexBefore.size).toBe(2);

    // The purge day.
    clock.advance(DAY_MS);
    const [outcome] = await t.app.scheduler.runDue();
    expect(outcome).toMatchObject({ job: 'retention-purge', result: 'ok' });
    expect(outcome?.detail).toBe('purged 3 report(s), 2 file(s)');

    const dump = await dumpEverything(t.database.db);
    const traces = dump.flatMap(({ table, row }) =>
      purged.flatMap((report) => {
        // The audit log is append-only: the rows written while the report lived stay, by id.
        if (table === 'audit_log' && row.object_type === 'report') {
          const trace = traceOf(table, { ...row, object_id: null }, report);
          return trace ? [`${table}: ${trace}`] : [];
        }
        const trace = traceOf(table, row, report);
        return trace ? [`${table}: ${trace}`] : [];
      }),
    );
    expect(traces).toEqual([]);
    for (const key of files) expect(await isStored(key)).toBe(false);
    // Every sealed index row is sealed anew, not only the purged report's reporter's: a copy of
    // the table from before and one from after do not single out who filed the purged report.
    const indexAfter = await ownerIndexRows();
    expect([...indexAfter.keys()].sort()).toEqual([...indexBefore.keys()].sort());
    for (const [key, entries] of indexAfter) expect(entries).not.toBe(indexBefore.get(key));
    expect(dump.some(({ table, row }) => table === 'reports' && row.id === open.id)).toBe(true);

    // One tombstone each, the same for an anonymous and an identified report: no content.
    const tombstones = dump
      .filter(({ table, row }) => table === 'audit_log' && row.action === 'report.purged')
      .map(({ row }) => row);
    expect(tombstones.map((row) => Number(row.object_id)).sort((a, b) => a - b)).toEqual(
      purged.map((report) => report.id).sort((a, b) => a - b),
    );
    const shapes = tombstones.map((row) => ({
      actor_user_id: row.actor_user_id,
      actor_role: row.actor_role,
      object_type: row.object_type,
      details: row.details,
    }));
    for (const shape of shapes) {
      expect(shape).toEqual({
        actor_user_id: null,
        actor_role: 'system',
        object_type: 'report',
        details: {},
      });
    }
    expect((await verifyAuditChain(t.database.db)).isIntact).toBe(true);

    // The reporter's lists no longer show them; the open one stays.
    const mine = await ok(call(reporter.headers, 'GET', '/api/reports/'));
    const ids = (JSON.parse(mine.body) as { id: number }[]).map((report) => report.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(anonymous.id);
    expect(ids).not.toContain(named.id);

    // A second run (another process, the next slot) finds nothing more to purge.
    clock.advance(60 * 60_000);
    const [again] = await t.app.scheduler.runDue();
    expect(again?.detail).toBe('purged 0 report(s), 0 file(s)');
  });

  it('lets an organisation keep closed reports for less time, never for longer', async () => {
    const organizationId = await createOrganization(t);
    const orgAdmin = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });

    const tooLong = await call(orgAdmin.headers, 'PUT', '/api/organizations/retention/', {
      retention_days: RETENTION_DAYS + 1,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toBe(
      `At most ${RETENTION_DAYS} days: the platform keeps closed reports no longer than that.`,
    );
    for (const bad of [0, 1.5, 'ten', -3]) {
      const response = await call(orgAdmin.headers, 'PUT', '/api/organizations/retention/', {
        retention_days: bad,
      });
      expect(response.statusCode).toBe(400);
    }
    const notAdmin = await call(member.headers, 'PUT', '/api/organizations/retention/', {
      retention_days: 5,
    });
    expect(notAdmin.statusCode).toBe(403);

    const set = await ok(
      call(orgAdmin.headers, 'PUT', '/api/organizations/retention/', { retention_days: 5 }),
    );
    expect(JSON.parse(set.body)).toMatchObject({
      retention_days: 5,
      platform_retention_days: RETENTION_DAYS,
    });

    const report = await createReport(t, member, {
      title: 'Retention organisation 2d9e',
      destination: 'organization',
    });
    await ok(
      call(orgAdmin.headers, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
        status: 'rejected',
      }),
    );
    const [closed] = await sqlRows<{ closed_on: string }>(
      t.database.db,
      sql`select closed_on::text as closed_on from reports where id = ${report.id}`,
    );
    const seen = await ok(call(member.headers, 'GET', `/api/reports/${report.id}/`));
    expect(JSON.parse(seen.body).purge_on).toBe(daysAfter(closed?.closed_on as string, 5));

    // Back to the platform's period.
    const reset = await ok(
      call(orgAdmin.headers, 'PUT', '/api/organizations/retention/', { retention_days: null }),
    );
    expect(JSON.parse(reset.body).retention_days).toBeNull();
    const again = await ok(call(member.headers, 'GET', `/api/reports/${report.id}/`));
    expect(JSON.parse(again.body).purge_on).toBe(
      daysAfter(closed?.closed_on as string, RETENTION_DAYS),
    );
  });
});
