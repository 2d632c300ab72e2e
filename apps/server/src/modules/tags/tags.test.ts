import type { AdminReport, AdminReportPage } from '@candor/contract/admin';
import type { Reader } from '@candor/contract/reports';
import type { BulkResult, RelatedReport, Tag } from '@candor/contract/tags';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/factories';
import { createAdmin, createOrganization, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { fileGuestReport, slugOf, trackAs } from '../../../test/intake';
import { createReport, setReportStatus } from '../../../test/reports';
import { auditLog } from '../../db/schema';
import { CANNOT_ASSIGN, TAKEN } from '../admin/admin.service';
import { OWN_REPORT_REFUSAL } from '../reports/report-access';
import { NO_SUCH_TAG } from './tags.service';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (
  who: TestUser | Record<string, string>,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: 'headers' in who ? (who as TestUser).headers : who,
    payload: payload as object,
  });

async function json<T>(who: TestUser | Record<string, string>, url: string): Promise<T> {
  const response = await call(who, 'GET', url);
  expect(response.statusCode, url).toBe(200);
  return response.json() as T;
}

async function createTag(admin: TestUser, name: string, colour = 'blue'): Promise<Tag> {
  const response = await call(admin, 'POST', '/api/admin/tags/', { name, colour });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Tag;
}

async function team() {
  const organizationId = await createOrganization(t);
  const ana = await createAdmin(t, { organizationId });
  const ben = await createAdmin(t, { organizationId });
  const member = await createUser(t, { organizationId });
  return { organizationId, ana, ben, member };
}

/** The audit rows of one action on one object, oldest first. */
function auditOf(objectType: string, objectId: number, action: string) {
  return t.database.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.objectType, objectType),
        eq(auditLog.objectId, String(objectId)),
      ),
    )
    .orderBy(asc(auditLog.id));
}

const bulk = (admin: TestUser, ids: number[], action: object) =>
  call(admin, 'POST', '/api/admin/reports/bulk/', { ids, action });

describe('tags', () => {
  it("an organisation's admins define tags; the list shows them and filters by them, kept to the scope", async () => {
    const { ana, ben, member } = await team();
    const other = await team();
    const urgent = await createTag(ana, 'Same incident', 'red');
    const hr = await createTag(ben, 'HR', 'green');
    expect(await json<Tag[]>(ben, '/api/admin/tags/')).toEqual([hr, urgent]);
    // Another organisation's admins see none of them, and cannot use or change them.
    expect(await json<Tag[]>(other.ana, '/api/admin/tags/')).toEqual([]);
    expect(
      (await call(other.ana, 'PATCH', `/api/admin/tags/${hr.id}/`, { name: 'x', colour: 'red' }))
        .statusCode,
    ).toBe(404);
    expect((await call(other.ana, 'DELETE', `/api/admin/tags/${hr.id}/`)).statusCode).toBe(404);
    const foreign = await call(other.ana, 'GET', `/api/admin/reports/?tag=${hr.id}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ detail: NO_SUCH_TAG });
    // The same name twice (any case) is refused; a colour off the palette too.
    expect(
      (await call(ana, 'POST', '/api/admin/tags/', { name: 'hr', colour: 'blue' })).statusCode,
    ).toBe(409);
    const badColour = await call(ana, 'POST', '/api/admin/tags/', {
      name: 'Pink',
      colour: '#ff00ff',
    });
    expect(badColour.statusCode).toBe(400);
    expect(Object.keys(badColour.json())).toEqual(['colour']);
    const empty = await call(ana, 'POST', '/api/admin/tags/', { name: '  ', colour: 'blue' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['name']);
    // A reporter is no admin.
    expect((await call(member, 'GET', '/api/admin/tags/')).statusCode).toBe(403);

    const first = await createReport(t, member, { title: 'The first' });
    const second = await createReport(t, member, { title: 'The second' });
    const put = await call(ana, 'PUT', `/api/admin/reports/${first.id}/tags/`, {
      tag_ids: [urgent.id, hr.id],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual([hr, urgent]);
    const page = await json<AdminReportPage>(ben, `/api/admin/reports/?tag=${urgent.id}&limit=10`);
    expect(page.results.map((row) => [row.id, row.tags])).toEqual([[first.id, [hr, urgent]]]);
    expect(page.count).toBe(1);
    const untagged = await json<AdminReport>(ben, `/api/admin/reports/${second.id}/`);
    expect(untagged.tags).toEqual([]);

    // Renamed, the list follows (the kept list is moved by the tag's change).
    const renamed = await call(ben, 'PATCH', `/api/admin/tags/${hr.id}/`, {
      name: 'People',
      colour: 'teal',
    });
    expect(renamed.statusCode).toBe(200);
    const again = await json<AdminReport[]>(ana, `/api/admin/reports/?tag=${hr.id}`);
    expect(again.map((row) => row.tags)).toEqual([
      [{ id: hr.id, name: 'People', colour: 'teal' }, urgent],
    ]);

    // Another organisation's tag, or a tag id that does not exist: the same refusal.
    const otherTag = await createTag(other.ana, 'Theirs');
    for (const id of [otherTag.id, 2_000_000_000]) {
      const refused = await call(ana, 'PUT', `/api/admin/reports/${first.id}/tags/`, {
        tag_ids: [id],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: NO_SUCH_TAG });
    }
    // Another organisation's report: 404, as one that does not exist.
    for (const id of [first.id, 2_000_000_000]) {
      const hidden = await call(other.ana, 'PUT', `/api/admin/reports/${id}/tags/`, {
        tag_ids: [],
      });
      expect(hidden.statusCode).toBe(404);
    }
    const garbage = await call(ana, 'PUT', `/api/admin/reports/${first.id}/tags/`, {
      tag_ids: 'all',
    });
    expect(garbage.statusCode).toBe(400);

    // Deleting a tag takes it off every report. Each change is audited.
    expect((await call(ana, 'DELETE', `/api/admin/tags/${urgent.id}/`)).statusCode).toBe(204);
    expect((await json<AdminReport>(ana, `/api/admin/reports/${first.id}/`)).tags).toEqual([
      { id: hr.id, name: 'People', colour: 'teal' },
    ]);
    expect(
      (await auditOf('report', first.id, 'report.tags_changed')).map((e) => e.details),
    ).toEqual([{ added: [urgent.id, hr.id], removed: [] }]);
    expect(await auditOf('tag', urgent.id, 'tag.created')).toHaveLength(1);
    expect(await auditOf('tag', urgent.id, 'tag.deleted')).toHaveLength(1);
    expect(await auditOf('tag', hr.id, 'tag.updated')).toHaveLength(1);
  });

  it("the platform's administrators tag the platform's reports with the platform's tags", async () => {
    const platform = await createAdmin(t);
    const reporter = await createUser(t);
    const report = await createReport(t, reporter, { title: 'On the platform' });
    const tag = await createTag(platform, `Platform ${report.id}`, 'purple');
    const { ana } = await team();
    expect((await json<Tag[]>(ana, '/api/admin/tags/')).map((row) => row.id)).not.toContain(tag.id);
    const put = await call(platform, 'PUT', `/api/admin/reports/${report.id}/tags/`, {
      tag_ids: [tag.id],
    });
    expect(put.statusCode).toBe(200);
    const listed = await json<AdminReport[]>(platform, `/api/admin/reports/?tag=${tag.id}`);
    expect(listed.map((row) => row.id)).toEqual([report.id]);
    expect(
      (await call(ana, 'PUT', `/api/admin/reports/${report.id}/tags/`, { tag_ids: [] })).statusCode,
    ).toBe(404);
  });

  it('a handler the reporter kept out neither sees nor changes the tags and links of that report', async () => {
    const { organizationId, ana, ben, member } = await team();
    const tag = await createTag(ana, 'Bullying');
    // The reporter keeps Ben out, picking him among the readers by his label.
    const labelled = await call(ben, 'PUT', '/api/admin/handler-label/', { handler_label: 'Ben' });
    expect(labelled.statusCode).toBe(200);
    const readers = await json<Reader[]>(member, '/api/reports/readers/');
    const benReader = readers.find((reader) => reader.label === 'Ben') as Reader;
    const kept = await createReport(t, member, {
      title: 'About Ben',
      is_anonymous: 'true',
      excluded_readers: benReader.id,
    });
    const visible = await createReport(t, member, { title: 'Visible to both' });
    expect(
      (await call(ana, 'PUT', `/api/admin/reports/${kept.id}/tags/`, { tag_ids: [tag.id] }))
        .statusCode,
    ).toBe(200);
    const linked = await call(ana, 'POST', `/api/admin/reports/${visible.id}/related/`, {
      reference: kept.token,
    });
    expect(linked.statusCode).toBe(200);
    expect((linked.json() as RelatedReport[]).map((row) => row.id)).toEqual([kept.id]);

    // Ben: the visible report has no related report, the filter by the tag finds nothing, and
    // every attempt on the kept report answers what a report that does not exist answers.
    expect(await json<RelatedReport[]>(ben, `/api/admin/reports/${visible.id}/related/`)).toEqual(
      [],
    );
    expect(await json<AdminReport[]>(ben, `/api/admin/reports/?tag=${tag.id}`)).toEqual([]);
    const missing = 2_000_000_000;
    for (const id of [kept.id, missing]) {
      const answers = [
        await call(ben, 'PUT', `/api/admin/reports/${id}/tags/`, { tag_ids: [tag.id] }),
        await call(ben, 'GET', `/api/admin/reports/${id}/related/`),
        await call(ben, 'DELETE', `/api/admin/reports/${visible.id}/related/${id}/`),
      ];
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
        answers.map(() => [404, { detail: 'Not found.' }]),
      );
    }
    const linkKept = await call(ben, 'POST', `/api/admin/reports/${visible.id}/related/`, {
      reference: kept.token,
    });
    const linkNone = await call(ben, 'POST', `/api/admin/reports/${visible.id}/related/`, {
      reference: 'CND-0000-0000-0000',
    });
    expect([linkKept.statusCode, linkKept.body]).toEqual([linkNone.statusCode, linkNone.body]);
    expect(linkKept.statusCode).toBe(404);
    const tagged = await bulk(ben, [kept.id, visible.id], { kind: 'tag', tag_id: tag.id });
    expect((tagged.json() as BulkResult).results).toEqual([
      { id: kept.id, ok: false, error: 'Not found.' },
      { id: visible.id, ok: true, error: null },
    ]);
    expect(JSON.stringify(await json<AdminReport[]>(ben, '/api/admin/reports/'))).not.toContain(
      kept.token,
    );
    expect(organizationId).toBeGreaterThan(0);
  });
});

describe('related reports', () => {
  it('links two reports of one scope, shown on both, audited on both; never another scope', async () => {
    const { ana, ben, member } = await team();
    const other = await team();
    const first = await createReport(t, member, { title: 'Broken fence, Monday' });
    const second = await createReport(t, member, { title: 'Broken fence again' });
    const theirs = await createReport(t, other.member, { title: 'Elsewhere' });

    // Typed in lower case without dashes, as a person might.
    const typed = second.token.replaceAll('-', '').toLowerCase();
    const linked = await call(ana, 'POST', `/api/admin/reports/${first.id}/related/`, {
      reference: typed,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual([
      { id: second.id, reference: second.token, title: second.title, status: 'pending' },
    ]);
    expect(await json<RelatedReport[]>(ben, `/api/admin/reports/${second.id}/related/`)).toEqual([
      { id: first.id, reference: first.token, title: first.title, status: 'pending' },
    ]);
    // Twice is once; a report is not related to itself.
    expect(
      (
        await call(ben, 'POST', `/api/admin/reports/${second.id}/related/`, {
          reference: first.token,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await json<RelatedReport[]>(ana, `/api/admin/reports/${first.id}/related/`),
    ).toHaveLength(1);
    expect(
      (
        await call(ana, 'POST', `/api/admin/reports/${first.id}/related/`, {
          reference: first.token,
        })
      ).statusCode,
    ).toBe(404);

    // Another organisation's report, by either side: 404, as one that does not exist.
    const across = await call(ana, 'POST', `/api/admin/reports/${first.id}/related/`, {
      reference: theirs.token,
    });
    expect([across.statusCode, across.json()]).toEqual([404, { detail: 'Not found.' }]);
    const back = await call(other.ana, 'POST', `/api/admin/reports/${theirs.id}/related/`, {
      reference: first.token,
    });
    expect(back.statusCode).toBe(404);
    expect(
      (await call(other.ana, 'GET', `/api/admin/reports/${first.id}/related/`)).statusCode,
    ).toBe(404);
    expect(
      (await call(ana, 'POST', `/api/admin/reports/${first.id}/related/`, { reference: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(ana, 'POST', `/api/admin/reports/${first.id}/related/`, {})).statusCode,
    ).toBe(400);

    expect((await auditOf('report', first.id, 'report.linked')).map((e) => e.details)).toEqual([
      { related: second.id },
    ]);
    expect((await auditOf('report', second.id, 'report.linked')).map((e) => e.details)).toEqual([
      { related: first.id },
    ]);

    const unlinked = await call(
      ben,
      'DELETE',
      `/api/admin/reports/${second.id}/related/${first.id}/`,
    );
    expect([unlinked.statusCode, unlinked.json()]).toEqual([200, []]);
    expect(await json<RelatedReport[]>(ana, `/api/admin/reports/${first.id}/related/`)).toEqual([]);
    expect(
      (await call(ben, 'DELETE', `/api/admin/reports/${second.id}/related/${first.id}/`))
        .statusCode,
    ).toBe(404);
    expect(await auditOf('report', first.id, 'report.unlinked')).toHaveLength(1);
  });

  it('a handler who filed a report may not tag or link it (the neutral refusal)', async () => {
    const organizationId = await createOrganization(t);
    const filer = await createAdmin(t, { organizationId });
    await createAdmin(t, { organizationId });
    const tag = await createTag(filer, 'Mine');
    const own = await createReport(t, filer, { title: 'Filed by a handler', is_anonymous: 'true' });
    const refused = await call(filer, 'PUT', `/api/admin/reports/${own.id}/tags/`, {
      tag_ids: [tag.id],
    });
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: OWN_REPORT_REFUSAL }]);
  });

  it('are never shown to the reporter: my reports, the report, its thread, /track', async () => {
    const { organizationId, ana, member } = await team();
    const tag = await createTag(ana, 'Secret tag name');
    const mine = await createReport(t, member, { title: 'Mine', is_anonymous: 'true' });
    const guest = await fileGuestReport(t, await slugOf(t, organizationId), { title: 'Guest one' });
    const guestReport = (await json<AdminReport[]>(ana, '/api/admin/reports/')).find(
      (row) => row.title === 'Guest one',
    ) as AdminReport;
    for (const id of [mine.id, guestReport.id]) {
      expect(
        (await call(ana, 'PUT', `/api/admin/reports/${id}/tags/`, { tag_ids: [tag.id] }))
          .statusCode,
      ).toBe(200);
    }
    const linked = await call(ana, 'POST', `/api/admin/reports/${mine.id}/related/`, {
      reference: guestReport.token,
    });
    expect(linked.statusCode).toBe(200);

    const { headers } = await trackAs(t, guest.receipt);
    const memberSeen = JSON.stringify([
      await json<unknown>(member, '/api/reports/'),
      await json<unknown>(member, `/api/reports/${mine.id}/`),
      await json<unknown>(member, `/api/reports/${mine.id}/comments/`),
      await json<unknown>(member, '/api/notifications/'),
    ]);
    const guestSeen = JSON.stringify([
      await json<unknown>(headers, '/api/track/report/'),
      await json<unknown>(headers, '/api/track/messages/'),
    ]);
    for (const seen of [memberSeen, guestSeen]) {
      expect(seen).not.toContain('Secret tag name');
      expect(seen).not.toContain('"tags"');
      expect(seen).not.toContain('related');
    }
    // Neither learns of the other report it is related to.
    expect(memberSeen).not.toContain(guestReport.token);
    expect(guestSeen).not.toContain(mine.token);
    // And a reporter reaches none of the routes.
    expect((await call(member, 'GET', `/api/admin/reports/${mine.id}/related/`)).statusCode).toBe(
      403,
    );
  });
});

describe('bulk actions', () => {
  it('tags, assigns and moves a page of reports, each checked and audited on its own', async () => {
    const { ana, ben, member } = await team();
    const tag = await createTag(ana, 'Week 12');
    const reports = [];
    for (const title of ['One', 'Two', 'Three'])
      reports.push(await createReport(t, member, { title }));
    const ids = reports.map((report) => report.id);
    const other = await team();
    const theirs = await createReport(t, other.member, { title: 'Not ours' });

    const tagged = await bulk(ana, [...ids, theirs.id], { kind: 'tag', tag_id: tag.id });
    expect(tagged.statusCode).toBe(200);
    expect((tagged.json() as BulkResult).results).toEqual([
      ...ids.map((id) => ({ id, ok: true, error: null })),
      { id: theirs.id, ok: false, error: 'Not found.' },
    ]);
    expect(
      (await json<AdminReport[]>(ben, `/api/admin/reports/?tag=${tag.id}`)).map((r) => r.id).sort(),
    ).toEqual([...ids].sort());
    for (const id of ids) {
      expect((await auditOf('report', id, 'report.tags_changed')).map((e) => e.details)).toEqual([
        { added: tag.id },
      ]);
    }
    expect(await auditOf('report', theirs.id, 'report.tags_changed')).toEqual([]);
    // Untagging, the same way.
    const untagged = await bulk(ana, [ids[0] as number], {
      kind: 'tag',
      tag_id: tag.id,
      remove: true,
    });
    expect((untagged.json() as BulkResult).results[0]?.ok).toBe(true);

    // Status where the workflow allows: a resolved report is final and says so.
    await setReportStatus(t, ids[2] as number, 'resolved');
    const moved = await bulk(ben, ids, { kind: 'status', status: 'under_review' });
    expect((moved.json() as BulkResult).results).toEqual([
      { id: ids[0], ok: true, error: null },
      { id: ids[1], ok: true, error: null },
      {
        id: ids[2],
        ok: false,
        error: 'This report is resolved; resolved, rejected and cancelled reports are final.',
      },
    ]);
    for (const id of ids.slice(0, 2)) {
      expect(await auditOf('report', id, 'report.status_changed')).toHaveLength(1);
    }

    // Assigning to a handler of another organisation: refused for each, in the usual words.
    const assigned = await bulk(ana, ids.slice(0, 2), {
      kind: 'assign',
      assignee_id: other.ana.id,
    });
    expect((assigned.json() as BulkResult).results.map((r) => r.error)).toEqual([
      CANNOT_ASSIGN,
      CANNOT_ASSIGN,
    ]);
    const toBen = await bulk(ana, ids.slice(0, 2), { kind: 'assign', assignee_id: ben.id });
    expect((toBen.json() as BulkResult).results.every((r) => r.ok)).toBe(true);
    for (const id of ids.slice(0, 2)) {
      expect((await auditOf('report', id, 'report.assigned')).map((e) => e.details)).toEqual([
        { from: null, to: ben.id },
      ]);
    }
  });

  it('refuses bad input with a clear 400, never a 500', async () => {
    const { ana } = await team();
    const other = await team();
    const theirTag = await createTag(other.ana, 'Theirs');
    const cases: unknown[] = [
      {},
      { ids: [], action: { kind: 'take' } },
      { ids: [1, 1], action: { kind: 'take' } },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1), action: { kind: 'take' } },
      { ids: [1], action: { kind: 'delete' } },
      { ids: [1], action: { kind: 'status', status: 'cancelled' } },
      { ids: ['x'], action: { kind: 'take' } },
      { ids: [1], action: { kind: 'assign' } },
      { ids: [1], action: { kind: 'tag', tag_id: theirTag.id } },
    ];
    for (const payload of cases) {
      const response = await call(ana, 'POST', '/api/admin/reports/bulk/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json()).toBe('object');
    }
  });

  it('two handlers bulk-take the same cases at once: exactly one wins each, and only its change is audited', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { ana, ben, member } = await team();
      const first = await createReport(t, member, { title: 'Raced one' });
      const second = await createReport(t, member, { title: 'Raced two' });
      const ids = [first.id, second.id];
      const answers = await Promise.all([
        bulk(ana, ids, { kind: 'take' }),
        bulk(ben, ids, { kind: 'take' }),
      ]);
      const results = answers.map((answer) => (answer.json() as BulkResult).results);
      for (const [index, id] of ids.entries()) {
        const outcomes = results.map((r) => r[index]);
        expect(outcomes.filter((o) => o?.ok)).toHaveLength(1);
        const lost = outcomes.find((o) => !o?.ok);
        expect([TAKEN, 'The case was reassigned a moment ago. Reload and try again.']).toContain(
          lost?.error,
        );
        const winner = outcomes[0]?.ok ? ana : ben;
        const shown = await json<AdminReport>(ana, `/api/admin/reports/${id}/`);
        expect(shown.assigned_to?.id).toBe(winner.id);
        expect(await auditOf('report', id, 'report.assigned')).toHaveLength(1);
      }
    }
  });
});
