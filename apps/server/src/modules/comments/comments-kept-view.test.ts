import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createUser,
  setUserFields,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { fileGuestReport, slugOf, trackAs } from '../../../test/intake';
import { createReport, setReportStatus } from '../../../test/reports';
import { sqlRows } from '../../../test/sql';
import { notifications, reportMessages, reports } from '../../db/schema';
import { adminNoticeRows } from '../notifications/notifications.service';
import { isStaleReplyView, replyViewOf } from '../reports/report-access';
import { writeReporterMessage } from './comments.repository';
import { REPORT_KEPT_CHANGING } from './comments.service';

/**
 * A reporter's message is written in one statement on its report's view, kept in the process
 * (docs/design.md "A reporter's message is one statement"): these play what changes between the
 * view being kept and the message being written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const send = (id: number, user: TestUser, message = 'One more thing I remembered.') =>
  t.app.inject({
    method: 'POST',
    url: `/api/reports/${id}/comments/`,
    headers: user.headers,
    payload: { message },
  });

/** An organisation with one administrator, a member, and an anonymous report the member filed. */
async function reportInOrganization() {
  const organizationId = await createOrganization(t);
  const first = await createAdmin(t, { organizationId });
  const member = await createUser(t, { organizationId });
  const report = await createReport(t, member, { is_anonymous: 'true' });
  return { organizationId, first, member, report };
}

/**
 * Counts every read of a view from the database that the app's memory asks for, until
 * `restore()` puts the memory back as it was.
 */
function countingViewReads() {
  const memory = t.app.ctx.writes;
  const reads = {
    count: 0,
    restore: () => {
      t.app.ctx.writes = memory;
    },
  };
  t.app.ctx.writes = {
    ...memory,
    replyView: (reportId, read, fresh) =>
      memory.replyView(
        reportId,
        () => {
          reads.count += 1;
          return read();
        },
        fresh,
      ),
  };
  return reads;
}

/** How many notices each of `userIds` holds: every notice to an administrator is about one report. */
async function noticeCounts(userIds: number[]): Promise<number[]> {
  const counts = [];
  for (const userId of userIds) {
    const rows = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    counts.push(rows.length);
  }
  return counts;
}

const messagesOf = async (reportId: number) =>
  t.database.db
    .select({ id: reportMessages.id })
    .from(reportMessages)
    .where(eq(reportMessages.reportId, reportId));

describe("a reporter's message on its report's kept view", () => {
  it('tells an administrator who arrived after the view was kept, once', async () => {
    const { organizationId, first, member, report } = await reportInOrganization();
    expect((await send(report.id, member)).statusCode).toBe(201);
    // The view is kept now; a second administrator arrives before the next message.
    const second = await createAdmin(t, { organizationId });
    const before = await noticeCounts([first.id, second.id]);
    expect((await send(report.id, member)).statusCode).toBe(201);
    expect(await noticeCounts([first.id, second.id])).toEqual([
      (before[0] as number) + 1,
      (before[1] as number) + 1,
    ]);
    expect(await messagesOf(report.id)).toHaveLength(2);
  });

  it('tells no administrator who left after the view was kept', async () => {
    const { organizationId, first, member, report } = await reportInOrganization();
    const second = await createAdmin(t, { organizationId });
    expect((await send(report.id, member)).statusCode).toBe(201);
    await setUserFields(t, second.id, { isActive: false });
    const before = await noticeCounts([first.id, second.id]);
    expect((await send(report.id, member)).statusCode).toBe(201);
    expect(await noticeCounts([first.id, second.id])).toEqual([
      (before[0] as number) + 1,
      before[1],
    ]);
  });

  it('refuses a message to a report cancelled after the view was kept, and writes nothing', async () => {
    const { member, report } = await reportInOrganization();
    expect((await send(report.id, member)).statusCode).toBe(201);
    await setReportStatus(t, report.id, 'cancelled');
    const refused = await send(report.id, member);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      'This report has been cancelled, so no new messages can be sent.',
    );
    expect(await messagesOf(report.id)).toHaveLength(1);
  });

  it('names the reporter as they are named now, not as the kept view named them', async () => {
    const organizationId = await createOrganization(t);
    await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const report = await createReport(t, member, { is_anonymous: 'false' });
    expect((await send(report.id, member)).json().display_sender_name).toBe(member.username);
    const renamed = uniqueName('renamed');
    await setUserFields(t, member.id, { username: renamed });
    expect((await send(report.id, member)).json().display_sender_name).toBe(renamed);
  });

  it('never opens a report to another caller, kept or not', async () => {
    const { organizationId, member, report } = await reportInOrganization();
    expect((await send(report.id, member)).statusCode).toBe(201);
    const colleague = await createUser(t, { organizationId });
    const stranger = await createUser(t);
    for (const caller of [colleague, stranger]) {
      const refused = await send(report.id, caller);
      expect(refused.statusCode).toBe(404);
    }
    // A report that does not exist answers the same.
    expect((await send(2_000_000_000, member)).statusCode).toBe(404);
    expect(await messagesOf(report.id)).toHaveLength(1);
  });

  it('refuses another caller after one read of the view, whether one was kept or not', async () => {
    const { organizationId, member, report: written } = await reportInOrganization();
    expect((await send(written.id, member)).statusCode).toBe(201);
    const quiet = await createReport(t, member, { is_anonymous: 'true' });
    const colleague = await createUser(t, { organizationId });
    const reads = countingViewReads();
    try {
      // Its reporter wrote to one lately and not to the other; no such report is a third case.
      for (const id of [written.id, quiet.id, 2_000_000_001]) {
        reads.count = 0;
        expect((await send(id, colleague)).statusCode).toBe(404);
        expect(reads.count).toBe(1);
      }
    } finally {
      reads.restore();
    }
  });

  it('refuses whole a statement written on a view that has changed since', async () => {
    const { organizationId, first, report } = await reportInOrganization();
    const view = await replyViewOf(t.app.ctx, report.id, true);
    if (!view) throw new Error('no view');
    const notices = adminNoticeRows(t.app.ctx, [
      {
        userId: first.id,
        aboutAnonymousReport: true,
        message: 'The reporter sent a new message.',
        reportId: report.id,
      },
    ]);
    const write = (digest: string) =>
      writeReporterMessage(
        t.database.db,
        {
          reportId: report.id,
          senderUserId: null,
          body: t.app.ctx.sealer.seal('Written on a view.', 'message.body'),
        },
        { rows: notices.rows, alerts: null, viewDigest: digest },
      );
    const [touched] = await sqlRows<{ updated_at: string }>(
      t.database.db,
      sql`select updated_at::text from reports where id = ${report.id}`,
    );
    await createAdmin(t, { organizationId });
    const before = await noticeCounts([first.id]);
    const refused = await write(view.digest).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isStaleReplyView(refused)).toBe(true);
    expect(await messagesOf(report.id)).toEqual([]);
    expect(await noticeCounts([first.id])).toEqual(before);
    expect(
      await sqlRows(
        t.database.db,
        sql`select updated_at::text from reports where id = ${report.id}`,
      ),
    ).toEqual([touched]);

    // Read afresh, it is written.
    const fresh = await replyViewOf(t.app.ctx, report.id, true);
    expect(fresh?.digest).not.toBe(view.digest);
    await write(fresh?.digest as string);
    expect(await messagesOf(report.id)).toHaveLength(1);
  });

  it('writes a hundred messages sent at once to one report, each told once', async () => {
    const { first, member, report } = await reportInOrganization();
    const [before] = await noticeCounts([first.id]);
    const sent = await Promise.all(
      Array.from({ length: 100 }, (_, index) => send(report.id, member, `Message ${index}`)),
    );
    expect(sent.map((response) => response.statusCode)).toEqual(Array(100).fill(201));
    expect(new Set(sent.map((response) => response.json().id)).size).toBe(100);
    expect(await messagesOf(report.id)).toHaveLength(100);
    expect(await noticeCounts([first.id])).toEqual([(before as number) + 100]);
  });

  it("tells an administrator who arrived after a guest's view was kept", async () => {
    const organizationId = await createOrganization(t);
    const first = await createAdmin(t, { organizationId });
    const created = await fileGuestReport(t, await slugOf(t, organizationId));
    const { headers } = await trackAs(t, created.receipt);
    const guestSays = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/track/messages/',
        headers,
        payload: { message: 'And the receipts are in the blue folder.' },
      });
    expect((await guestSays()).statusCode).toBe(201);
    const second = await createAdmin(t, { organizationId });
    const before = await noticeCounts([first.id, second.id]);
    expect((await guestSays()).statusCode).toBe(201);
    expect(await noticeCounts([first.id, second.id])).toEqual([
      (before[0] as number) + 1,
      (before[1] as number) + 1,
    ]);
  });

  it('needs no read for the first message once its reporter opened the report', async () => {
    const { first, member, report } = await reportInOrganization();
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${report.id}/`,
      headers: member.headers,
    });
    expect(opened.statusCode).toBe(200);
    const reads = countingViewReads();
    try {
      const [before] = await noticeCounts([first.id]);
      expect((await send(report.id, member)).statusCode).toBe(201);
      // The view kept by the opening was the report's: its digest passed the statement's check.
      expect(reads.count).toBe(0);
      expect(await noticeCounts([first.id])).toEqual([(before as number) + 1]);
      // An administrator opening it keeps nothing for them: the next message reads its view.
      const other = await reportInOrganization();
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/reports/${other.report.id}/`,
        headers: other.first.headers,
      });
      expect(asAdmin.statusCode).toBe(200);
      expect((await send(other.report.id, other.member)).statusCode).toBe(201);
      expect(reads.count).toBe(1);
    } finally {
      reads.restore();
    }
  });

  it('answers 409 and writes nothing when the view changes at every attempt', async () => {
    const { member, report } = await reportInOrganization();
    // Every view handed to the message, kept or fresh, has a digest the database never computes.
    const memory = t.app.ctx.writes;
    let reads = 0;
    t.app.ctx.writes = {
      ...memory,
      replyView: async (reportId, read, fresh) => {
        reads += 1;
        const view = await memory.replyView(reportId, read, fresh);
        return view && { ...view, digest: 'a view that is never the report’s' };
      },
    };
    try {
      const refused = await send(report.id, member);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(REPORT_KEPT_CHANGING);
      expect(reads).toBe(5);
    } finally {
      t.app.ctx.writes = memory;
    }
    expect(await messagesOf(report.id)).toEqual([]);
    expect((await send(report.id, member)).statusCode).toBe(201);
  });

  it('keeps nothing of a report its reporter deleted', async () => {
    const { member, report } = await reportInOrganization();
    expect((await send(report.id, member)).statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${report.id}/`,
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(204);
    let reads = 0;
    const kept = await t.app.ctx.writes.replyView(report.id, async () => {
      reads += 1;
      return null;
    });
    expect(kept).toBeNull();
    expect(reads).toBe(1);
    const [gone] = await t.database.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.id, report.id));
    expect(gone).toBeUndefined();
  });
});
