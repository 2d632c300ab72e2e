import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { type Dump, dumpEverything, publicTables, type Row, textOf } from '../../test/dump';
import { readEvidenceFixture } from '../../test/evidence-fixtures';
import { createAdmin, login, type TestUser } from '../../test/factories';
import { fileGuestReport } from '../../test/intake';
import { verifyEmailOf } from '../../test/mail';
import { createReport } from '../../test/reports';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { sqlRows } from '../../test/sql';
import { openThrowawayDatabase, type ThrowawayDatabase } from '../../test/throwaway-database';
import type { NotificationContent } from '../modules/notifications/notifications.repository';
import { NOTIFICATION_PURPOSE } from '../modules/notifications/notifications.service';
import { OUTBOX_PURPOSE, sendDueMail } from '../modules/outbox/outbox';
import { applyOwnerQueue } from '../modules/owners/owner-queue';
import { sendDeadlineReminders } from '../modules/reports/deadline-reminders';

/**
 * The dump reader (docs/protection.md "Protecting reporters") holds a copy of every table and no secret. After a
 * whole lifecycle on a database of its own, this test reads every table and column the schema
 * has, with plain SQL, and joins as they would: on ids, names, tags and instants. New tables
 * and columns are read without editing it.
 */

let throwaway: ThrowawayDatabase;
let t: TestApp;
// Mail is on, and the administrators have verified addresses: alerts are written to the outbox in
// the transactions of the events they are about, and the dump holds them.
let smtp: TestSmtpServer;
beforeAll(async () => {
  throwaway = await openThrowawayDatabase();
  smtp = await startSmtpServer();
  t = await buildTestApp({ database: throwaway.database, env: smtp.env });
});
afterAll(async () => {
  await t?.app.close();
  await smtp?.close();
  await throwaway?.drop();
});

/** What an outbox row is about, opened with the keys (the test's, to sort rows only). */
function outboxOf(row: Row): { userId: number | null; reference: string | null } {
  if (!row.payload) return { userId: null, reference: null };
  const payload = t.app.ctx.sealer.openJson<{
    to: { userId?: number };
    item?: { reference: string | null };
  }>(row.payload as Uint8Array, OUTBOX_PURPOSE);
  return { userId: payload.to.userId ?? null, reference: payload.item?.reference ?? null };
}

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, payload });

async function ok(response: Promise<{ statusCode: number; body: string }>) {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode}: ${answer.body}`);
  return answer;
}

/** Rows with the system columns a plain backup keeps beside them: `xmin` and `ctid`. */
type SystemDump = { table: string; xmin: string; ctid: string; row: Row }[];

async function dumpWithSystemColumns(): Promise<SystemDump> {
  const dump: SystemDump = [];
  for (const table of await publicTables(t.database.db)) {
    const rows = await sqlRows<Row & { xmin__: string; ctid__: string }>(
      t.database.db,
      sql`select xmin::text as xmin__, ctid::text as ctid__, * from ${sql.identifier(table)}`,
    );
    for (const { xmin__: xmin, ctid__: ctid, ...row } of rows)
      dump.push({ table, xmin, ctid, row });
  }
  return dump;
}

/** Orders `(page,item)` tuple ids as they lie in the table's file. */
function compareTid(a: string, b: string): number {
  const [pageA, itemA] = a.slice(1, -1).split(',').map(Number) as [number, number];
  const [pageB, itemB] = b.slice(1, -1).split(',').map(Number) as [number, number];
  return pageA - pageB || itemA - itemB;
}

const isDay = (value: Date) => value.getTime() % 86_400_000 === 0;

/** Instants finer than a day: the values a dump reader joins rows on by time. */
function instantsOf(row: Row): number[] {
  return Object.values(row)
    .filter((value): value is Date => value instanceof Date && !isDay(value))
    .map((value) => value.getTime());
}

const userIdColumn = (column: string) => column === 'user_id' || column.endsWith('_user_id');

/** Whether a row names the report in the clear: its own row, a report id, an audit object. */
function namesReport(table: string, row: Row, report: { id: number; reference: string }) {
  if (table === 'reports') return row.id === report.id;
  if (row.report_id === report.id) return true;
  if (table === 'audit_log' && row.object_type === 'report')
    return String(row.object_id) === String(report.id);
  return Object.values(row).some((value) => textOf(value).includes(report.reference));
}

type Person = { id: number; username: string; email: string };

function namesAccount(table: string, row: Row, person: Person) {
  if (table === 'users' && row.id === person.id) return true;
  return Object.entries(row).some(
    ([column, value]) =>
      (userIdColumn(column) && value === person.id) ||
      textOf(value).includes(person.username) ||
      textOf(value).includes(person.email),
  );
}

/** Columns whose values many reports share: equal values join nothing. */
const COMMON_COLUMNS = new Set([
  'status',
  'category',
  'organization_id',
  'organization_key',
  'feedback_period',
  'evidence_mime',
  'sender_kind',
  'object_type',
  'action',
  'actor_role',
  'deadline',
  'notice',
]);

describe('the dump reader', () => {
  it('cannot link an anonymous report to its reporter, nor two of them to each other', async () => {
    const admin = await createAdmin(t);
    const other = await createAdmin(t);
    await verifyEmailOf(t, admin.id);
    await verifyEmailOf(t, other.id);
    const username = `dump_reporter_${Date.now().toString(36)}`;
    const email = `${username}@example.test`;
    const password = 'dump-reader-passphrase';
    await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: { username, password, email },
      }),
    );
    const tokens = await login(t, username, password);
    const reporter: TestUser = {
      id: 0,
      username,
      password,
      tokens,
      headers: { authorization: `Bearer ${tokens.access}` },
    };
    const [account] = await sqlRows<{ id: number }>(
      t.database.db,
      sql`select id from users where username = ${username}`,
    );
    reporter.id = account?.id as number;
    const person: Person = { id: reporter.id, username, email };

    const texts = {
      first: 'First anonymous description 4c1d',
      second: 'Second anonymous description 8e2a',
      named: 'Identified description 1b7f',
      reporterMessage: 'Reporter follow-up 6d3e',
      reply: 'Administrator reply 2f9a',
      note: 'Internal note 7a5c',
    };
    const first = await createReport(
      t,
      reporter,
      { title: 'Dump first', description: texts.first },
      { name: 'reporter.jpg', type: 'image/jpeg', data: readEvidenceFixture('photo-gps.jpg') },
    );
    await ok(
      call(reporter, 'POST', `/api/reports/${first.id}/comments/`, {
        message: texts.reporterMessage,
      }),
    );
    await ok(call(admin, 'POST', `/api/reports/${first.id}/comments/`, { message: texts.reply }));
    await ok(
      call(admin, 'POST', `/api/reports/${first.id}/comments/`, {
        message: texts.note,
        is_internal: true,
      }),
    );
    await ok(
      call(admin, 'PATCH', `/api/admin/reports/${first.id}/update/`, { status: 'under_review' }),
    );
    await ok(
      call(other, 'PATCH', `/api/admin/reports/${first.id}/update/`, { status: 'resolved' }),
    );
    await ok(call(reporter, 'GET', `/api/reports/reports/${first.id}/certificate/`));
    // Both sides read the report and its thread (an administrator's reading is recorded).
    await ok(call(reporter, 'GET', `/api/reports/${first.id}/comments/`));
    await ok(call(reporter, 'GET', `/api/reports/${first.id}/`));
    await ok(call(admin, 'GET', `/api/reports/${first.id}/comments/`));
    await ok(call(reporter, 'GET', '/api/notifications/'));
    await ok(call(reporter, 'POST', '/api/notifications/mark_all_read/'));
    const second = await createReport(t, reporter, {
      title: 'Dump second',
      description: texts.second,
    });
    const named = await createReport(t, reporter, {
      title: 'Dump named',
      description: texts.named,
      is_anonymous: 'false',
    });
    await ok(
      call(admin, 'PATCH', `/api/admin/reports/${named.id}/update/`, { status: 'resolved' }),
    );
    const guest = await fileGuestReport(t, null, { description: 'Guest description 3a8b' });
    // The legal clock runs on: the open reports' administrators are told the acknowledgement is
    // overdue, and a week later the superusers.
    const day = 24 * 60 * 60 * 1000;
    expect(
      (await sendDeadlineReminders(t.app.ctx, new Date(Date.now() + 8 * day)))?.overdue,
    ).toBeGreaterThan(0);
    expect(
      (await sendDeadlineReminders(t.app.ctx, new Date(Date.now() + 15 * day)))?.escalated,
    ).toBeGreaterThan(0);
    const anonymous = [first, second].map((r) => ({ id: r.id, reference: r.token }));
    const [guestRow] = await sqlRows<{ id: number }>(
      t.database.db,
      sql`select id from reports where reference = ${guest.reference}`,
    );
    const guestReport = { id: guestRow?.id as number, reference: guest.reference };
    const namedReport = { id: named.id, reference: named.token };
    const allAnonymous = [...anonymous, guestReport];

    const dump = await dumpEverything(t.database.db);
    const tables = new Set(dump.map((entry) => entry.table));
    for (const table of [
      'reports',
      'notifications',
      'audit_log',
      'report_messages',
      'report_reads',
      'report_owner_index',
      'guest_receipts',
      'deadline_reminders',
      'refresh_tokens',
      'users',
      'mail_outbox',
      'mail_settings',
    ]) {
      expect(tables).toContain(table);
    }
    const aboutAnonymous = dump.filter((entry) =>
      allAnonymous.some((report) => namesReport(entry.table, entry.row, report)),
    );
    const aboutAccount = dump.filter((entry) => namesAccount(entry.table, entry.row, person));
    expect(aboutAnonymous.length).toBeGreaterThan(5);
    expect(aboutAccount.length).toBeGreaterThan(2);

    // 1. Nothing beside an anonymous report names the reporter.
    expect(aboutAnonymous.filter((entry) => namesAccount(entry.table, entry.row, person))).toEqual(
      [],
    );

    // 2. No instant of the account's rows equals one beside an anonymous report...
    const anonymousInstants = new Set(aboutAnonymous.flatMap((entry) => instantsOf(entry.row)));
    const shared = aboutAccount.filter((entry) =>
      instantsOf(entry.row).some((instant) => anonymousInstants.has(instant)),
    );
    expect(shared).toEqual([]);
    // ...and the account's own rows (not about its identified report) keep days only. Which
    // notices are about the identified report is read with the keys, to sort the rows only.
    const aboutNamed = (entry: Dump[number]) => {
      if (namesReport(entry.table, entry.row, namedReport)) return true;
      if (entry.table !== 'notifications') return false;
      const content = t.app.ctx.sealer.openJson<NotificationContent>(
        entry.row.payload as Uint8Array,
        NOTIFICATION_PURPOSE,
      );
      return content.report === named.id;
    };
    const accountOwn = aboutAccount.filter((entry) => !aboutNamed(entry));
    expect(accountOwn.map((entry) => entry.table)).toContain('users');
    expect(
      accountOwn.filter((entry) => instantsOf(entry.row).length > 0).map((entry) => entry.table),
    ).toEqual([]);

    // 3. The two anonymous reports share no value to join on, but what many reports share.
    const rowsAbout = (report: { id: number; reference: string }) =>
      dump.filter((entry) => namesReport(entry.table, entry.row, report));
    const valuesOf = (entries: Dump) => {
      const values = new Set<string>();
      for (const { table, row } of entries) {
        for (const [column, value] of Object.entries(row)) {
          if (value === null || typeof value === 'boolean' || COMMON_COLUMNS.has(column)) continue;
          if (value instanceof Date && isDay(value)) continue;
          values.add(`${table}.${column}=${textOf(value)}`);
        }
      }
      return values;
    };
    const [a, b] = anonymous as [
      { id: number; reference: string },
      { id: number; reference: string },
    ];
    const firstValues = valuesOf(rowsAbout(a));
    expect([...valuesOf(rowsAbout(b))].filter((value) => firstValues.has(value))).toEqual([]);

    // 4. No plaintext of descriptions, messages or notices anywhere.
    const plaintexts = [
      ...Object.values(texts),
      'Guest description 3a8b',
      'A new report was submitted.',
      'The reporter sent a new message.',
      'An administrator replied to your report.',
      'Your report is now',
    ];
    const leaks = dump.flatMap(({ table, row }) =>
      Object.entries(row).flatMap(([column, value]) =>
        plaintexts
          .filter((text) => textOf(value).includes(text))
          .map((text) => ({
            table,
            column,
            text,
          })),
      ),
    );
    expect(leaks).toEqual([]);

    // 5. The outbox: every alert about an anonymous report is to an administrator, none to or
    // about the reporter, and none names the reporter in the clear.
    const outbox = dump.filter((entry) => entry.table === 'mail_outbox');
    const alertsAbout = outbox.filter((entry) =>
      allAnonymous.some((report) => outboxOf(entry.row).reference === report.reference),
    );
    expect(alertsAbout.length).toBeGreaterThan(0);
    for (const entry of outbox) {
      expect(outboxOf(entry.row).userId).not.toBe(person.id);
      expect(namesAccount(entry.table, entry.row, person)).toBe(false);
    }
    expect(new Set(alertsAbout.map((entry) => outboxOf(entry.row).userId)).has(admin.id)).toBe(
      true,
    );
    await sendDueMail(t.app.ctx);
    expect(smtp.to(email)).toEqual([]);
  });

  it('finds no transaction or physical run of rows that joins a person to their anonymous reports, nor the reports to each other', async () => {
    const admin = await createAdmin(t);
    await verifyEmailOf(t, admin.id);
    const username = `xmin_reporter_${Date.now().toString(36)}`;
    const password = 'xmin-reader-passphrase';
    await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: { username, password, email: `${username}@example.test` },
      }),
    );
    const tokens = await login(t, username, password);
    const [account] = await sqlRows<{ id: number }>(
      t.database.db,
      sql`select id from users where username = ${username}`,
    );
    const reporter: TestUser = {
      id: account?.id as number,
      username,
      password,
      tokens,
      headers: { authorization: `Bearer ${tokens.access}` },
    };
    const person: Person = { id: reporter.id, username, email: `${username}@example.test` };
    const snapshots: SystemDump = [];
    const snapshot = async () => snapshots.push(...(await dumpWithSystemColumns()));

    // The lifecycle: two anonymous reports, a conversation, status changes, notices read one by
    // one and all at once, the owner queue applied between, and the account deleted.
    const first = await createReport(t, reporter, { title: 'Xmin first' });
    await ok(call(reporter, 'POST', `/api/reports/${first.id}/comments/`, { message: 'More.' }));
    await ok(call(admin, 'POST', `/api/reports/${first.id}/comments/`, { message: 'Thanks.' }));
    await ok(
      call(admin, 'PATCH', `/api/admin/reports/${first.id}/update/`, { status: 'under_review' }),
    );
    await snapshot();
    await applyOwnerQueue(t.app.ctx);
    await snapshot();
    const second = await createReport(t, reporter, { title: 'Xmin second' });
    await ok(
      call(admin, 'PATCH', `/api/admin/reports/${second.id}/update/`, { status: 'under_review' }),
    );
    await ok(call(admin, 'POST', `/api/reports/${second.id}/comments/`, { message: 'Noted.' }));
    const notices = (await ok(call(reporter, 'GET', '/api/notifications/'))).body;
    const [one] = JSON.parse(notices) as { id: number }[];
    await ok(call(reporter, 'POST', `/api/notifications/${one?.id}/mark_read/`));
    await snapshot();
    await applyOwnerQueue(t.app.ctx);
    await ok(
      call(admin, 'PATCH', `/api/admin/reports/${first.id}/update/`, { status: 'resolved' }),
    );
    await ok(call(reporter, 'POST', '/api/notifications/mark_all_read/'));
    await snapshot();
    // The outbox is sent (alerts leave it) between snapshots, as the scheduler would.
    await sendDueMail(t.app.ctx);
    await ok(call(reporter, 'POST', '/api/accounts/delete/', { password }));
    await applyOwnerQueue(t.app.ctx);
    await snapshot();

    // Sorting the rows needs the keys (the test's, not the reader's): which notices and queue
    // entries are about which report, and which index row is the reporter's.
    const indexKey = t.app.ctx.hash('report.owner-index', reporter.id);
    const reportOf = (table: string, row: Row): number | null => {
      if (table === 'notifications') {
        return t.app.ctx.sealer.openJson<NotificationContent>(
          row.payload as Uint8Array,
          NOTIFICATION_PURPOSE,
        ).report;
      }
      if (table === 'mail_outbox') {
        const reference = outboxOf(row).reference;
        return reports.find((report) => report.reference === reference)?.id ?? null;
      }
      if (table === 'owner_queue') {
        return t.app.ctx.sealer.openJson<{ reportId: number }>(
          row.payload as Uint8Array,
          'report.owner-queue',
        ).reportId;
      }
      return null;
    };
    const reports = [first, second].map((r) => ({ id: r.id, reference: r.token }));
    const sideOf = (entry: SystemDump[number]): string[] => {
      const sides: string[] = [];
      if (namesAccount(entry.table, entry.row, person)) sides.push('person');
      if (entry.table === 'mail_outbox' && outboxOf(entry.row).userId === person.id) {
        sides.push('person');
      }
      if (entry.table === 'report_owner_index' && entry.row.owner_key === indexKey) {
        sides.push('person');
      }
      for (const [index, report] of reports.entries()) {
        if (
          namesReport(entry.table, entry.row, report) ||
          reportOf(entry.table, entry.row) === report.id
        ) {
          sides.push(`report ${index}`);
        }
      }
      return [...new Set(sides)];
    };
    const byTransaction = new Map<string, Set<string>>();
    for (const entry of snapshots) {
      const sides = sideOf(entry);
      if (sides.length === 0) continue;
      const seen = byTransaction.get(entry.xmin) ?? new Set<string>();
      for (const side of sides) seen.add(side);
      byTransaction.set(entry.xmin, seen);
    }
    expect([...byTransaction.values()].some((sides) => sides.has('person'))).toBe(true);
    expect([...byTransaction.values()].some((sides) => sides.has('report 1'))).toBe(true);
    // Alerts were in the outbox, written with the events about each report.
    expect(
      snapshots.filter((entry) => entry.table === 'mail_outbox' && sideOf(entry).length > 0),
    ).not.toEqual([]);
    // One transaction writes about the person, or about one report, never two of these.
    const joined = [...byTransaction].filter(([, sides]) => sides.size > 1);
    expect(joined).toEqual([]);

    // Physical order: neighbouring tuples written by one transaction (a statement that updated
    // rows together) never mix them either.
    for (const table of new Set(snapshots.map((entry) => entry.table))) {
      const rows = snapshots
        .filter((entry) => entry.table === table)
        .sort((x, y) => compareTid(x.ctid, y.ctid));
      for (let index = 1; index < rows.length; index += 1) {
        const [before, after] = [rows[index - 1], rows[index]] as [
          SystemDump[number],
          SystemDump[number],
        ];
        if (before.xmin !== after.xmin) continue;
        const sides = new Set([...sideOf(before), ...sideOf(after)]);
        expect({ table, sides: [...sides] }).toEqual({
          table,
          sides: sides.size > 1 ? ['one side only'] : [...sides],
        });
      }
    }
  });
});
