import type { AdminReport } from '@candor/contract/admin';
import type { Notification } from '@candor/contract/notifications';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor } from '../../../test/access-requests';
import { adminScope, getAs, postAs, updateReportAs } from '../../../test/admin';
import { getTestApp, type TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { createReport, setReportStatus } from '../../../test/reports';
import { reportMessages, reportReads, reports } from '../../db/schema';
import { referenceNeedle } from './admin.service';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

async function listed(admin: TestUser, query = ''): Promise<AdminReport[]> {
  const response = await getAs(`/api/admin/reports/?${query}`, admin);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function setReference(id: number, reference: string) {
  await t.database.db.update(reports).set({ reference }).where(eq(reports.id, id));
}

describe('admin search by reference number', () => {
  it('matches the reference with or without dashes, in any letter case, and any part of it', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const wanted = await createReport(t, reporter, { title: 'Wanted' });
    const other = await createReport(t, reporter, { title: 'Other' });
    const suffix = String(wanted.id)
      .padStart(4, '0')
      .slice(-4)
      .replace(/[ILOU]/g, '0');
    await setReference(wanted.id, `CND-7K3Q-9XW2-${suffix}`);
    await setReference(other.id, `CND-AB12-CD34-${suffix}`);
    const ids = async (q: string) =>
      (await listed(admin, `q=${encodeURIComponent(q)}`)).map((report) => report.id);

    expect(await ids(`CND-7K3Q-9XW2-${suffix}`)).toEqual([wanted.id]);
    expect(await ids(`cnd7k3q9xw2${suffix.toLowerCase()}`)).toEqual([wanted.id]);
    expect(await ids('7K3Q')).toEqual([wanted.id]);
    // A part across a dash, typed with or without it, and with spaces.
    expect(await ids('3Q9X')).toEqual([wanted.id]);
    expect(await ids('3q-9x')).toEqual([wanted.id]);
    expect(await ids('7k3q 9xw2')).toEqual([wanted.id]);
    // Letters read aloud as their look-alikes: O for 0, I or L for 1.
    expect(await ids('AB12')).toEqual([other.id]);
    expect(await ids('ABI2')).toEqual([other.id]);
    // The part both share finds both; fewer than four symbols is not taken as a reference.
    expect(await ids(suffix)).toEqual([other.id, wanted.id]);
    expect(await ids('7K3')).toEqual([]);
    expect(referenceNeedle('CND')).toBeNull();
    expect(referenceNeedle('c-n-d-7')).toBe('CND7');
  });

  it('still matches words in titles and descriptions, and pages the matches', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const first = await createReport(t, reporter, { title: 'Fence', description: 'Ledger' });
    const second = await createReport(t, reporter, { title: 'Ledger found' });
    expect((await listed(admin, 'q=ledger')).map((r) => r.id)).toEqual([second.id, first.id]);
    const page = (await getAs('/api/admin/reports/?q=ledger&limit=1&offset=1', admin)).json();
    expect(page.count).toBe(2);
    expect(page.results.map((r: AdminReport) => r.id)).toEqual([first.id]);
  });
});

describe('admin priority filter', () => {
  it('lists priority reports, the others, or all', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const urgent = await createReport(t, reporter, { priority_flag: 'true' });
    const routine = await createReport(t, reporter);
    const ids = async (query: string) => (await listed(admin, query)).map((r) => r.id);
    expect(await ids('priority=true')).toEqual([urgent.id]);
    expect(await ids('priority=false')).toEqual([routine.id]);
    expect(await ids('priority=all')).toEqual([routine.id, urgent.id]);
    expect(await ids('priority=true&status=resolved')).toEqual([]);
    const refused = await getAs('/api/admin/reports/?priority=urgent', admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ priority: ['Choose all, true or false.'] });
  });
});

describe('unread messages from the reporter', () => {
  const unreadOf = async (admin: TestUser, id: number) =>
    (await listed(admin)).find((report) => report.id === id)?.unread_from_reporter;
  const say = async (user: TestUser, id: number, message: string, isInternal?: boolean) => {
    const response = await postAs(`/api/reports/${id}/comments/`, user, {
      message,
      ...(isInternal === undefined ? {} : { is_internal: isInternal }),
    });
    expect(response.statusCode).toBe(201);
  };

  it('counts per admin the reporter’s messages since that admin last opened the conversation', async () => {
    const { admin, addAdmin, member } = await adminScope();
    const otherAdmin = await addAdmin();
    const reporter = await member();
    const report = await createReport(t, reporter);
    expect(await unreadOf(admin, report.id)).toBe(0);

    await say(reporter, report.id, 'First detail');
    await say(reporter, report.id, 'Second detail');
    expect(await unreadOf(admin, report.id)).toBe(2);

    expect((await getAs(`/api/reports/${report.id}/comments/`, admin)).statusCode).toBe(200);
    expect(await unreadOf(admin, report.id)).toBe(0);
    // Another admin has not read them yet.
    expect(await unreadOf(otherAdmin, report.id)).toBe(2);

    // Replies and notes from admins are never "unread from the reporter".
    await say(otherAdmin, report.id, 'Thanks, we are looking.', false);
    await say(otherAdmin, report.id, 'Check the ledger', true);
    expect(await unreadOf(admin, report.id)).toBe(0);

    await say(reporter, report.id, 'Third detail');
    expect(await unreadOf(admin, report.id)).toBe(1);
    expect(await unreadOf(otherAdmin, report.id)).toBe(3);
  });

  it('records only administrators’ reading, never the reporter’s, and no time', async () => {
    // The dump reader: a row of the reporter's reading would tie them to the anonymous report.
    const { admin, member } = await adminScope();
    const reporter = await member();
    const report = await createReport(t, reporter);
    await say(reporter, report.id, 'Anything new?');
    expect((await getAs(`/api/reports/${report.id}/comments/`, reporter)).statusCode).toBe(200);
    expect((await getAs(`/api/reports/${report.id}/`, reporter)).statusCode).toBe(200);
    let rows = await t.database.db
      .select()
      .from(reportReads)
      .where(eq(reportReads.reportId, report.id));
    expect(rows).toEqual([]);

    expect((await getAs(`/api/reports/${report.id}/comments/`, admin)).statusCode).toBe(200);
    rows = await t.database.db
      .select()
      .from(reportReads)
      .where(eq(reportReads.reportId, report.id));
    const [lastMessage] = await t.database.db
      .select({ id: reportMessages.id })
      .from(reportMessages)
      .where(eq(reportMessages.reportId, report.id));
    expect(rows).toEqual([
      { userId: admin.id, reportId: report.id, lastMessageId: lastMessage?.id },
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['lastMessageId', 'reportId', 'userId']);
  });

  it('tells the same to every admin whoever the reporter is', async () => {
    // The curious administrator: the count depends on messages, not on who wrote the report.
    const { admin, member } = await adminScope();
    const namedReporter = await member();
    const anonymousReporter = await member();
    const named = await createReport(t, namedReporter, { is_anonymous: 'false' });
    const anonymous = await createReport(t, anonymousReporter);
    await say(namedReporter, named.id, 'Same words');
    await say(anonymousReporter, anonymous.id, 'Same words');
    expect(await unreadOf(admin, named.id)).toBe(1);
    expect(await unreadOf(admin, anonymous.id)).toBe(1);
    const [namedView, anonymousView] = await Promise.all(
      [named.id, anonymous.id].map(async (id) => {
        const body = (await getAs(`/api/reports/${id}/comments/`, admin)).json();
        return body.map(
          ({
            id: _id,
            sent_at: _sent,
            display_sender_name: _name,
            ...rest
          }: Record<string, unknown>) => rest,
        );
      }),
    );
    expect(namedView).toEqual(anonymousView);
  });
});

describe('a status change with a message to the reporter', () => {
  it('sends the message as an ordinary reply with the change, audited and notified once', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const report = await createReport(t, reporter, { title: 'Loose rail' });
    const response = await updateReportAs(report.id, admin, {
      status: 'resolved',
      message: '  The rail was fixed on Monday. Thank you for telling us.  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('resolved');

    const thread = (await getAs(`/api/reports/${report.id}/comments/`, reporter)).json();
    expect(thread).toEqual([
      expect.objectContaining({
        message: 'The rail was fixed on Monday. Thank you for telling us.',
        is_internal: false,
        is_sender_admin: true,
        is_current_user_sender: false,
      }),
    ]);
    const actions = (await auditRowsFor(t, 'report', report.id)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['report.status_changed', 'report.admin_reply_sent']),
    );
    const notices: Notification[] = (await getAs('/api/notifications/', reporter)).json();
    expect(notices.filter((notice) => notice.report === report.id)).toEqual([
      expect.objectContaining({
        message: 'Your report is now Resolved. An administrator wrote to you.',
        report_reference: report.token,
        report_title: 'Loose rail',
      }),
    ]);
  });

  it('refuses an empty or overlong message and then changes nothing', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const report = await createReport(t, reporter);
    const empty = await updateReportAs(report.id, admin, { status: 'rejected', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: ['A message cannot be empty.'] });
    const long = await updateReportAs(report.id, admin, {
      status: 'rejected',
      message: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(400);
    expect((await getAs(`/api/reports/${report.id}/`, reporter)).json().status).toBe('pending');
    expect((await getAs(`/api/reports/${report.id}/comments/`, reporter)).json()).toEqual([]);
  });

  it('sends no message when the change itself is refused', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const report = await createReport(t, reporter);
    await setReportStatus(t, report.id, 'cancelled');
    const refused = await updateReportAs(report.id, admin, {
      status: 'resolved',
      message: 'Done.',
    });
    expect(refused.statusCode).toBe(400);
    const stored = await t.database.db
      .select()
      .from(reportMessages)
      .where(and(eq(reportMessages.reportId, report.id)));
    expect(stored).toEqual([]);
  });
});

describe('notifications carry the report’s reference number', () => {
  it('on a new report, a message and a status change', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const report = await createReport(t, reporter, { title: 'Referenced' });
    await postAs(`/api/reports/${report.id}/comments/`, reporter, { message: 'More.' });
    await updateReportAs(report.id, admin, { status: 'under_review' });
    const about = (notices: Notification[]) => notices.filter((n) => n.report === report.id);
    const adminNotices = about((await getAs('/api/notifications/', admin)).json());
    expect(adminNotices).toHaveLength(2);
    for (const notice of adminNotices) expect(notice.report_reference).toBe(report.token);
    const reporterNotices = about((await getAs('/api/notifications/', reporter)).json());
    expect(reporterNotices.map((n) => [n.message, n.report_reference])).toEqual([
      ['Your report is now Under Review.', report.token],
    ]);
  });
});
