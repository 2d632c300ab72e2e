import type { AuditEntry } from '@candor/contract/audit-log';
import type { Notification } from '@candor/contract/notifications';
import { describe, expect, it } from 'vitest';
import { callsAs } from '../../test/calls';
import type { TestUser } from '../../test/factories';
import { createAdmin, createOrganization, createSuperuser, createUser } from '../../test/factories';
import { useListeningApp } from '../../test/hooks';
import { connectLive, type LiveClient } from '../../test/live';
import { createReport } from '../../test/reports';

/**
 * The curious administrator (docs/protection.md "Protecting reporters"): full access in their scope, and a
 * colleague to compare notes with. Two people file one anonymous report each, in the same words;
 * one of them is an administrator of that organisation. Everything an administrator can see of
 * the two reports is compared field by field, after the ids and instants that differ for any
 * two reports are set aside: nothing may depend on who filed.
 */

const t = useListeningApp();

const { call, json } = callsAs(t);

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;

/** Sets aside what differs for any two reports: their ids, references and instants. */
function normalise(value: unknown, report: { id: number; token: string }): unknown {
  const idPattern = new RegExp(`\\b${report.id}\\b`, 'g');
  const walk = (inner: unknown, key: string): unknown => {
    // Ids differ for any two rows (reports, messages): set aside by name.
    if ((key === 'id' || key === 'report' || key.endsWith('_id')) && inner !== null) return '<id>';
    if (typeof inner === 'string') {
      return inner
        .replaceAll(report.token, '<reference>')
        .replace(ISO_TIME, '<instant>')
        .replace(idPattern, '<id>');
    }
    if (Array.isArray(inner)) return inner.map((item) => walk(item, ''));
    if (inner && typeof inner === 'object') {
      return Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, walk(v, k)]));
    }
    return inner;
  };
  return walk(value, '');
}

function liveSocket(user: TestUser): LiveClient {
  return connectLive(
    `${t.base}/ws/notifications/${user.id}/?token=${encodeURIComponent(user.tokens.access)}`,
  );
}

describe('the curious administrator', () => {
  it('sees nothing that depends on who filed an anonymous report', async () => {
    const organizationId = await createOrganization(t);
    const author = await createAdmin(t, { organizationId });
    const curious = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId, plan: 'premium' });
    const superuser = await createSuperuser(t);
    const watching = liveSocket(curious);
    const authorWatching = liveSocket(author);
    await watching.opened;
    await authorWatching.opened;
    const analytics = async () => json<Record<string, unknown>>(curious, '/api/admin/analytics/');

    const fields = {
      title: 'Same words everywhere',
      description: 'The same account of what happened.',
      category: 'corruption',
    };
    const before = await analytics();
    const byAdmin = await createReport(t, author, fields);
    const afterAdmin = await analytics();
    const byMember = await createReport(t, member, fields);
    const afterMember = await analytics();
    const pair = [byAdmin, byMember] as const;

    // Analytics move alike for either report.
    const delta = (from: Record<string, unknown>, to: Record<string, unknown>) =>
      JSON.stringify(to) === JSON.stringify(from) ? 'unchanged' : diffNumbers(from, to);
    expect(delta(before, afterAdmin)).toEqual(delta(afterAdmin, afterMember));

    // The colleague handles both the same way.
    for (const report of pair) {
      const reply = await call(curious, 'POST', `/api/reports/${report.id}/comments/`, {
        message: 'Thank you, we are looking into it.',
      });
      expect(reply.statusCode).toBe(201);
      const changed = await call(curious, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
        status: 'under_review',
      });
      expect(changed.statusCode).toBe(200);
    }

    const seen = async (admin: TestUser, report: (typeof pair)[number]) => {
      const listed = await json<{ id: number }[]>(
        admin,
        `/api/admin/reports/?q=${encodeURIComponent(fields.title)}`,
      );
      const notices = (await json<Notification[]>(admin, '/api/notifications/'))
        .filter((notice) => notice.report === report.id)
        .map((notice) => notice.message);
      return normalise(
        {
          list: listed.find((entry) => entry.id === report.id),
          detail: await json(admin, `/api/reports/${report.id}/`),
          thread: await json(admin, `/api/reports/${report.id}/comments/`),
          notices,
        },
        report,
      );
    };
    const [adminFiled, memberFiled] = [await seen(curious, byAdmin), await seen(curious, byMember)];
    expect(adminFiled).toEqual(memberFiled);
    expect(
      (adminFiled as { detail: { is_premium_report: boolean } }).detail.is_premium_report,
    ).toBe(false);

    // The author's inbox is the colleague's, for both reports: the same administrators' notices.
    // Beside them the author, as its reporter, also has their own report's news, which nobody
    // else can see.
    const toReporter = ['Your report is now', 'An administrator replied to your report.'];
    const inbox = async (admin: TestUser) =>
      (await json<Notification[]>(admin, '/api/notifications/'))
        .filter((notice) => pair.some((report) => report.id === notice.report))
        .filter((notice) => !toReporter.some((start) => notice.message.startsWith(start)))
        .map((notice) => normalise(notice, notice.report === byAdmin.id ? byAdmin : byMember))
        .map((notice) => ({ ...(notice as object), is_read: null }));
    expect(await inbox(author)).toEqual(await inbox(curious));
    // And the author, administering the member's report, sees what the colleague sees (but
    // whether a reply is the viewer's own, which is about the viewer).
    const viewerFree = (view: unknown) =>
      JSON.parse(JSON.stringify(view), (key, inner) =>
        key === 'is_current_user_sender' ? undefined : inner,
      );
    expect(viewerFree(await seen(author, byMember))).toEqual(viewerFree(memberFiled));

    // Live: the same events, in the same order, on both sockets and for both reports.
    const events = async (client: LiveClient) => {
      const received: unknown[] = [];
      for (let i = 0; i < 2; i += 1) {
        const event = (await client.next()) as Notification;
        received.push(normalise(event, event.report === byAdmin.id ? byAdmin : byMember));
      }
      return received;
    };
    const live = await events(watching);
    expect(live[0]).toEqual(live[1]);
    expect(await events(authorWatching)).toEqual(live);

    // Audit and export: rows for either report read alike.
    const audit = await json<{ results: AuditEntry[] }>(superuser, '/api/audit/?limit=200');
    const auditOf = (report: (typeof pair)[number]) =>
      audit.results
        .filter((entry) => entry.object_type === 'report' && entry.object_id === String(report.id))
        .map((entry) => normalise({ ...entry, actor: entry.actor ? '<admin>' : null }, report));
    expect(auditOf(byAdmin).length).toBeGreaterThan(0);
    expect(auditOf(byAdmin)).toEqual(auditOf(byMember));
    const csv = (await call(curious, 'GET', '/api/admin/reports/export.csv')).body.split('\n');
    const lineOf = (report: (typeof pair)[number]) =>
      normalise(csv.find((line) => line.includes(report.token)) ?? null, report);
    expect(lineOf(byAdmin)).not.toBeNull();
    expect(lineOf(byAdmin)).toEqual(lineOf(byMember));

    await watching.close();
    await authorWatching.close();
  });
});

/** The numeric leaves that changed between two analytics answers, path by path. */
function diffNumbers(from: unknown, to: unknown, path = ''): Record<string, number> {
  if (typeof from === 'number' && typeof to === 'number') {
    return from === to ? {} : { [path]: to - from };
  }
  if (from && to && typeof from === 'object' && typeof to === 'object') {
    const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
    return Object.assign(
      {},
      ...[...keys].map((key) =>
        diffNumbers(
          (from as Record<string, unknown>)[key],
          (to as Record<string, unknown>)[key],
          `${path}.${key}`,
        ),
      ),
    );
  }
  return JSON.stringify(from) === JSON.stringify(to) ? {} : { [path]: Number.NaN };
}
