import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createOrganization, createUser, uniqueName } from '../../../test/factories';
import { unsentAlertsTo } from '../../../test/notices';
import { createReport } from '../../../test/reports';
import { sqlRows } from '../../../test/sql';
import type { AppContext } from '../../context';
import {
  mailOutbox,
  notifications,
  organizations,
  ownerQueue,
  reports,
  users,
} from '../../db/schema';
import { adminNoticeRows } from '../notifications/notifications.service';
import {
  drawReportIds,
  isStaleFilingScope,
  readFilingScope,
  writeReportAlone,
} from './reports.repository';
import { createReport as fileAs } from './reports.service';
import { createWriteMemory, IDS_DRAWN_AT_ONCE } from './write-memory';

let t: TestApp;

/** Files as a signed-in reporter through the service, with the context given. */
const createReportAs = (ctx: AppContext, userId: number, ownerSalt: string, title: string) =>
  fileAs(
    ctx,
    {
      id: userId,
      username: 'reporter',
      role: 'user',
      plan: 'free',
      isSuperuser: false,
      organizationId: null,
      ownerSalt,
    },
    {
      fields: {
        title,
        category: 'other',
        description: 'Filed past a taken id.',
        is_anonymous: true,
      },
      file: null,
      voice: null,
    },
  );
beforeAll(async () => {
  t = await getTestApp();
});

const periods = { acknowledgeDays: 7, feedback: { months: 3 } };
const filed = (reference: string) => ({
  reference,
  title: 'Filed alone',
  category: 'other' as const,
  description: t.app.ctx.sealer.seal('Written in one statement.', 'report.description'),
  priorityFlag: false,
  isAnonymous: true,
  isGuest: false,
  isPremiumReport: false,
  ownerUserId: null,
  ownerHash: 'a tag this test makes up',
  organizationId: null,
  evidenceKey: null,
  evidenceMime: null,
  evidenceSize: null,
  periods,
});
const noticeTo = (reportId: number, userIds: number[]) =>
  adminNoticeRows(
    t.app.ctx,
    userIds.map((userId) => ({
      userId,
      aboutAnonymousReport: true,
      message: 'A new report was submitted.',
      reportId,
    })),
  );
const unsent = Buffer.from('an alert of a filing this test writes and removes');
const alertsTo = (userIds: number[]) => unsentAlertsTo(userIds, 'new_report', unsent);
const queued = async () =>
  (await t.database.db.select({ id: ownerQueue.id }).from(ownerQueue)).length;

describe('a report, its notices, alerts and owner queue entry in one statement', () => {
  it('tells no one, by notice or email, who stopped being an active administrator after who is told was read', async () => {
    const staying = await createAdmin(t);
    const deactivated = await createAdmin(t);
    const demoted = await createAdmin(t);
    const read = await readFilingScope(t.database.db, null);
    const [id] = (await drawReportIds(t.database.db, 1)) as [number];
    const platform = read.scope.platform.map((admin) => admin.id);
    expect(platform).toEqual(expect.arrayContaining([staying.id, deactivated.id, demoted.id]));
    const everyone = [staying.id, deactivated.id, demoted.id];
    // Sealed for all three, as read; two of them change before the write.
    const notices = noticeTo(id, everyone);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    const mailBefore = await t.database.db.$count(mailOutbox);

    // Its rows to write given with the digest of the scope as it is now: the statement's own
    // filter on who is still an active administrator is what this plays.
    const { digest } = await readFilingScope(t.database.db, null);
    expect(digest).not.toBe(read.digest);
    const reference = `CND-ALONE-${Date.now().toString(36).toUpperCase()}`;
    const payload = Buffer.from('a sealed owner change this test makes up');
    const { row, told } = await writeReportAlone(
      t.database.db,
      { ...filed(reference), id, scopeDigest: digest },
      { rows: notices.rows, alerts: alertsTo(everyone), queuePayload: payload },
    );
    expect(row.id).toBe(id);
    expect(row.reference).toBe(reference);
    expect(told.map((notice) => notice.user_id)).toEqual([staying.id]);
    expect(notices.signalsOf(told)).toEqual([{ id: told[0]?.id, userId: staying.id }]);
    const written = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(inArray(notifications.userId, everyone));
    expect(written.map((notice) => notice.userId)).toEqual([staying.id]);
    expect(await t.database.db.$count(mailOutbox)).toBe(mailBefore + 1);
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.payload, unsent));

    // One transaction, as a reader of the dump sees it: the report, its notice and the owner
    // queue's entry share their xmin, so none is told apart from the others by it.
    const xmins = await sqlRows<{ xmin: string }>(
      t.database.db,
      sql`select xmin::text from reports where id = ${row.id}
          union all select xmin::text from notifications where id = ${told[0]?.id ?? 0}
          union all select xmin::text from owner_queue where payload = ${payload}`,
    );
    expect(xmins).toHaveLength(3);
    expect(new Set(xmins.map((one) => one.xmin)).size).toBe(1);
    await t.database.db.delete(ownerQueue).where(eq(ownerQueue.payload, payload));
  });

  it('writes nothing for a scope that changed since it was read, and says so', async () => {
    const admin = await createAdmin(t);
    const read = await readFilingScope(t.database.db, null);
    const [id] = (await drawReportIds(t.database.db, 1)) as [number];
    const notices = noticeTo(id, [admin.id]);
    // A new administrator: the rows above were sealed for a scope without them.
    const added = await createAdmin(t);
    const reference = `CND-STALE-${Date.now().toString(36).toUpperCase()}`;
    const queueBefore = await queued();
    const refused = await writeReportAlone(
      t.database.db,
      { ...filed(reference), id, scopeDigest: read.digest },
      {
        rows: notices.rows,
        alerts: null,
        queuePayload: Buffer.from('an owner change that is never written'),
      },
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isStaleFilingScope(refused)).toBe(true);
    expect(
      await t.database.db.select().from(reports).where(eq(reports.reference, reference)),
    ).toEqual([]);
    expect(
      await t.database.db.$count(
        notifications,
        inArray(notifications.userId, [admin.id, added.id]),
      ),
    ).toBe(0);
    expect(await queued()).toBe(queueBefore);
  });

  it('writes all of it or none: a notice that cannot be written leaves no report and no queue entry', async () => {
    const admin = await createAdmin(t);
    const read = await readFilingScope(t.database.db, null);
    const [id] = (await drawReportIds(t.database.db, 1)) as [number];
    const broken = JSON.stringify([{ user_id: admin.id, payload: '@not base64@', by_day: true }]);
    const reference = `CND-NONE-${Date.now().toString(36).toUpperCase()}`;
    const queueBefore = await queued();
    const failed = await writeReportAlone(
      t.database.db,
      { ...filed(reference), id, scopeDigest: read.digest },
      {
        rows: broken,
        alerts: null,
        queuePayload: Buffer.from('an owner change that is never written'),
      },
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(isStaleFilingScope(failed)).toBe(false);
    expect(
      await t.database.db.select().from(reports).where(eq(reports.reference, reference)),
    ).toEqual([]);
    expect(await t.database.db.$count(notifications, eq(notifications.userId, admin.id))).toBe(0);
    expect(await queued()).toBe(queueBefore);
  });

  it('reads an organisation’s own periods, and none for the platform', async () => {
    const organizationId = await createOrganization(t);
    await t.database.db
      .update(organizations)
      .set({ acknowledgeDays: 3, feedbackDays: 20 })
      .where(eq(organizations.id, organizationId));
    const own = await readFilingScope(t.database.db, organizationId);
    expect(own.periods).toEqual({ acknowledgeDays: 3, feedbackDays: 20 });
    expect((await readFilingScope(t.database.db, null)).periods).toBeNull();
    const ids = await drawReportIds(t.database.db, 4);
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe('a filing with a destination kept from an earlier one', () => {
  it('tells an administrator who arrived since, and counts from periods changed since', async () => {
    const organizationId = await createOrganization(t);
    const first = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    // Kept by the first filing: one administrator, the platform's periods.
    await createReport(t, member, { is_anonymous: 'true' });
    const second = await createAdmin(t, { organizationId });
    await t.database.db
      .update(organizations)
      .set({ acknowledgeDays: 2 })
      .where(eq(organizations.id, organizationId));
    const report = await createReport(t, member, { is_anonymous: 'true' });

    for (const admin of [first, second]) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/notifications/',
        headers: admin.headers,
      });
      const body = list.json() as
        | { report: number | null }[]
        | { results: { report: number | null }[] };
      const about = (Array.isArray(body) ? body : body.results).filter(
        (notice) => notice.report === report.id,
      );
      expect(about).toHaveLength(1);
    }
    const [row] = await t.database.db
      .select({ submittedAt: reports.submittedAt, acknowledgeBy: reports.acknowledgeBy })
      .from(reports)
      .where(eq(reports.id, report.id));
    const days =
      ((row?.acknowledgeBy.getTime() ?? 0) - (row?.submittedAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(2);
  });
});

describe('a filing whose reference is taken', () => {
  it('is filed under another, whole, with its owner tag and notices bound to the new one', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const first = await createReport(t, owner, { is_anonymous: 'true' });
    const referenceOf = async (id: number) =>
      (
        await t.database.db
          .select({ reference: reports.reference })
          .from(reports)
          .where(eq(reports.id, id))
      )[0]?.reference as string;
    const taken = await referenceOf(first.id);
    const reporter = await createUser(t);
    const title = uniqueName('clash');
    // The database itself gives the filing's first insert the taken reference, as a random one
    // drawn twice would be; the unique index refuses it. A sequence counts the attempts, as a
    // row written by the refused statement would go with it.
    const clash = uniqueName('clash').replace(/\W/g, '_');
    await t.database.db.execute(sql.raw(`create sequence ${clash}_attempts`));
    await t.database.db.execute(
      sql.raw(`create function ${clash}() returns trigger language plpgsql as $$
        begin
          if new.title = '${title}' and nextval('${clash}_attempts') = 1 then
            new.reference := '${taken}';
          end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        `create trigger ${clash} before insert on reports for each row execute function ${clash}()`,
      ),
    );
    let second: Awaited<ReturnType<typeof createReport>>;
    try {
      second = await createReport(t, reporter, { is_anonymous: 'true', title });
      const [attempts] = await sqlRows<{ last_value: string }>(
        t.database.db,
        sql.raw(`select last_value::text from ${clash}_attempts`),
      );
      // Refused once, then filed under another reference.
      expect(attempts?.last_value).toBe('2');
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger ${clash} on reports`));
      await t.database.db.execute(sql.raw(`drop function ${clash}()`));
      await t.database.db.execute(sql.raw(`drop sequence ${clash}_attempts`));
    }
    const reference = await referenceOf(second.id);
    expect(reference).not.toBe(taken);
    const rows = await t.database.db
      .select({ id: reports.id, reference: reports.reference })
      .from(reports)
      .where(eq(reports.title, title));
    expect(rows).toEqual([{ id: second.id, reference }]);
    // Its reporter's tag binds the reference it got: they open it, the first's reporter does not.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${second.id}/`,
      headers: reporter.headers,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().title).toBe(title);
    const notOpened = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${second.id}/`,
      headers: owner.headers,
    });
    expect(notOpened.statusCode).toBe(404);
    // One notice to the administrator for each report, the second's naming its own reference.
    const notices = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/',
      headers: admin.headers,
    });
    type Notice = { report: number | null; report_reference?: string };
    const body = notices.json() as Notice[] | { results: Notice[] };
    const about = (Array.isArray(body) ? body : body.results)
      .filter((notice) => notice.report === first.id || notice.report === second.id)
      .map((notice) => [notice.report, notice.report_reference]);
    expect(about.sort()).toEqual(
      [
        [first.id, taken],
        [second.id, reference],
      ].sort(),
    );
  });
});

describe('report ids drawn ahead', () => {
  it('gives a hundred filings at once an id each, drawing sixteen at a time', async () => {
    const memory = createWriteMemory();
    let draws = 0;
    const draw = (count: number) => {
      draws += 1;
      return drawReportIds(t.database.db, count);
    };
    const ids = await Promise.all(Array.from({ length: 100 }, () => memory.reportId(draw)));
    expect(new Set(ids).size).toBe(100);
    expect(draws).toBe(Math.ceil(100 / IDS_DRAWN_AT_ONCE));
  });

  it('files a hundred reports sent at once, each whole, under ids of their own', async () => {
    const reporter = await createUser(t);
    const admin = await createAdmin(t);
    const title = uniqueName('burst');
    const filed = await Promise.all(
      Array.from({ length: 100 }, () => createReport(t, reporter, { is_anonymous: 'true', title })),
    );
    expect(new Set(filed.map((report) => report.id)).size).toBe(100);
    const rows = await t.database.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.title, title));
    expect(rows.map((row) => row.id).sort()).toEqual(filed.map((report) => report.id).sort());
    // Each told to the administrator once.
    const notices = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/',
      headers: admin.headers,
    });
    const body = notices.json() as
      | { report: number | null }[]
      | { results: { report: number | null }[] };
    const about = (Array.isArray(body) ? body : body.results).map((notice) => notice.report);
    expect(about.sort()).toEqual(filed.map((report) => report.id).sort());
  });
});

describe('an id drawn ahead that is already a report’s', () => {
  it('is passed over: the filing is written whole under the next one', async () => {
    const reporter = await createUser(t);
    const [account] = await t.database.db
      .select({ ownerSalt: users.ownerSalt })
      .from(users)
      .where(eq(users.id, reporter.id));
    // A process that draws its ids now, and a report that takes the first of them first, as
    // rows restored under a running server would (the sequence set back).
    const ctx = { ...t.app.ctx, writes: createWriteMemory() };
    const [before] = (await drawReportIds(t.database.db, 1)) as [number];
    const taken = before + 1;
    const read = await readFilingScope(t.database.db, null);
    await writeReportAlone(
      t.database.db,
      {
        ...filed(`CND-TAKEN-${Date.now().toString(36).toUpperCase()}`),
        id: taken,
        scopeDigest: read.digest,
      },
      { rows: '[]', alerts: null, queuePayload: null },
    );
    const title = uniqueName('passed-over');
    const report = await createReportAs(ctx, reporter.id, account?.ownerSalt as string, title);
    expect(report.id).toBe(taken + 1);
    const rows = await t.database.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.title, title));
    expect(rows).toEqual([{ id: taken + 1 }]);
  });
});
