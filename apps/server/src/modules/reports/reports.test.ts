import type { Report } from '@candor/contract/reports';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogs, getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { createReport, setReportStatus, submitReport } from '../../../test/reports';
import { auditLog, notifications, organizations, reports } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const del = (url: string, user: TestUser) =>
  t.app.inject({ method: 'DELETE', url, headers: user.headers });

async function rowOf(id: number) {
  const [row] = await t.database.db.select().from(reports).where(eq(reports.id, id));
  return row as typeof reports.$inferSelect;
}

describe('POST /api/reports/', () => {
  it('files an anonymous report by default and answers 201 with a reference number', async () => {
    const user = await createUser(t);
    const response = await submitReport(t, user, { category: 'corruption' });
    expect(response.statusCode).toBe(201);
    const report = response.json();
    expect(report).toMatchObject({
      id: expect.any(Number),
      title: 'Broken safety rail',
      description: 'The rail on floor 3 is loose.',
      category: 'corruption',
      status: 'pending',
      priority_flag: false,
      is_anonymous: true,
      is_premium_report: false,
      file_upload: null,
      request_type: null,
      organization_name: null,
      submitted_by_username: null,
    });
    expect(report.token).toMatch(
      /^CND-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    );
  });

  it('answers 400 {detail} to a form whose body is not multipart at all', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/',
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'garbage',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The form could not be read.' });
  });

  it.each([
    ['an unterminated part', '--xyz\r\nContent-Disp'],
    ['no closing boundary', '--xyz\r\n\r\nvalue'],
    ['a part without a name', '--xyz\r\nX: y\r\n\r\nv\r\n--xyz--'],
    [
      'a cut-off file',
      '--xyz\r\nContent-Disposition: form-data; name="file_upload"; filename="a.jpg"\r\n\r\n\xff\xd8',
    ],
  ])('answers 400 with a JSON body to a broken form: %s', async (_label, body) => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/',
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json()).toBe('object');
  });

  it('defaults the category to abuse and reads the priority checkbox', async () => {
    const user = await createUser(t);
    const report = await createReport(t, user, { category: '', priority_flag: 'true' });
    expect(report.category).toBe('abuse');
    expect(report.priority_flag).toBe(true);
  });

  it('names the reporter of an identified report and marks premium reporters', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const report = await createReport(t, user, { is_anonymous: 'false' });
    expect(report.is_anonymous).toBe(false);
    expect(report.submitted_by_username).toBe(user.username);
    expect(report.is_premium_report).toBe(true);
  });

  it('shows no plan on an anonymous report, to anyone, and stores none', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t, { plan: 'premium' });
    const title = `Premium anonymous ${user.id}`;
    const report = await createReport(t, user, { title });
    expect(report.is_premium_report).toBe(false);
    const mine = (await get('/api/reports/', user)).json() as Report[];
    expect(mine.find((r) => r.id === report.id)?.is_premium_report).toBe(false);
    expect((await get(`/api/reports/${report.id}/`, user)).json().is_premium_report).toBe(false);
    expect((await get(`/api/reports/${report.id}/`, admin)).json().is_premium_report).toBe(false);
    const listed = (await get(`/api/admin/reports/?q=${encodeURIComponent(title)}`, admin)).json();
    expect(listed.map((r: Report) => r.is_premium_report)).toEqual([false]);
    expect((await rowOf(report.id)).isPremiumReport).toBe(false);
    // A row written before this rule is shown without a plan all the same.
    await t.database.db
      .update(reports)
      .set({ isPremiumReport: true })
      .where(eq(reports.id, report.id));
    expect((await get(`/api/reports/${report.id}/`, admin)).json().is_premium_report).toBe(false);
  });

  it('accepts a JSON body without a file', async () => {
    const user = await createUser(t);
    const response = await post('/api/reports/', user, { title: 'JSON', description: 'Body' });
    expect(response.statusCode).toBe(201);
    expect(response.json().is_anonymous).toBe(true);
  });

  it('answers field errors for missing, blank, unknown and invalid fields', async () => {
    const user = await createUser(t);
    const missing = await submitReport(t, user, { title: '', description: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      title: ['This field is required.'],
      description: ['This field is required.'],
    });
    const invalid = await submitReport(t, user, { category: 'gossip', owner: '1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      category: ['Choose abuse, corruption, harassment or other.'],
      owner: ['This field is not allowed.'],
    });
    const long = await submitReport(t, user, { title: 'x'.repeat(201) });
    expect(long.json()).toEqual({ title: ['Ensure this field has no more than 200 characters.'] });
  });

  it('refuses a caller without a token with 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/reports/', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('stores the description encrypted and links an anonymous owner only by keyed hash', async () => {
    const user = await createUser(t);
    const report = await createReport(t, user, { description: 'Plaintext that must not leak' });
    const row = await rowOf(report.id);
    expect(row.ownerUserId).toBeNull();
    expect(row.ownerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.description.toString('utf8')).not.toContain('Plaintext');
    // No sealed owner either: nothing on the report says who filed it, even with the keys.
    expect(row.ownerSealed).toBeNull();
  });

  it('carries the organisation fields when the reporter belongs to an organisation', async () => {
    const [org] = await t.database.db
      .insert(organizations)
      .values({ name: 'Northside School', type: 'education', justification: 'We run a school.' })
      .returning({ id: organizations.id });
    const member = await createUser(t, { organizationId: org?.id });
    const report = await createReport(t, member);
    expect(report).toMatchObject({
      request_type: 'organization',
      organization_name: 'Northside School',
      organization_type: 'education',
      justification: 'We run a school.',
    });
  });

  it('notifies the admins in scope and keeps the notice sealed', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const report = await createReport(t, user, { title: 'Notice me' });
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const latest = rows.at(-1) as typeof notifications.$inferSelect;
    expect(latest.payload.toString('utf8')).not.toContain('Notice me');
    const opened = t.app.ctx.sealer.openJson<{ report: number }>(
      latest.payload,
      'notification.payload',
    );
    expect(opened.report).toBe(report.id);
  });

  it('logs no address, agent or name of the reporter', async () => {
    const { capture, logger } = captureLogs();
    const logged = await buildTestApp({ logger });
    try {
      const user = await createUser(logged);
      await logged.app.inject({
        method: 'POST',
        url: '/api/reports/',
        headers: { ...user.headers, 'user-agent': 'AgentOfTheReporter/1.0' },
        remoteAddress: '203.0.113.77',
        payload: { title: 'Logged?', description: 'No.' },
      });
      const text = capture.text();
      expect(text).toContain('"route":"/api/reports","status":201');
      expect(text).not.toContain('203.0.113.77');
      expect(text).not.toContain('AgentOfTheReporter');
      expect(text).not.toContain(user.username);
    } finally {
      await logged.app.close();
    }
  });
});

describe('GET /api/reports/ and /api/reports/{id}/', () => {
  it('lists only the caller’s reports, anonymous and identified, newest first', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const first = await createReport(t, user, { title: 'First' });
    const second = await createReport(t, user, { title: 'Second', is_anonymous: 'false' });
    await createReport(t, other, { title: 'Not mine' });
    const response = await get('/api/reports/', user);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
  });

  it('shows a report to its owner and its admins, and 404 to anyone else', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const admin = await createAdmin(t);
    const report = await createReport(t, owner);
    expect((await get(`/api/reports/${report.id}/`, owner)).statusCode).toBe(200);
    expect((await get(`/api/reports/${report.id}/`, admin)).statusCode).toBe(200);
    const refused = await get(`/api/reports/${report.id}/`, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Not found.' });
    expect((await get('/api/reports/999999999/', owner)).statusCode).toBe(404);
    expect((await get('/api/reports/abc/', owner)).statusCode).toBe(404);
    expect((await get(`/api/reports/${report.id}/`)).statusCode).toBe(401);
  });

  it('keeps an organisation’s admin to that organisation’s reports', async () => {
    const [org] = await t.database.db
      .insert(organizations)
      .values({ name: 'Acme', type: 'corporate' })
      .returning({ id: organizations.id });
    const orgAdmin = await createAdmin(t, { organizationId: org?.id });
    const member = await createUser(t, { organizationId: org?.id });
    const outsider = await createUser(t);
    const inside = await createReport(t, member);
    const outside = await createReport(t, outsider);
    expect((await get(`/api/reports/${inside.id}/`, orgAdmin)).statusCode).toBe(200);
    expect((await get(`/api/reports/${outside.id}/`, orgAdmin)).statusCode).toBe(404);
  });

  it('gives an admin no name, email or id of an anonymous reporter', async () => {
    const owner = await createUser(t, {
      email: 'whistle@example.test'.replace('whistle', `w${Date.now()}`),
    });
    const admin = await createAdmin(t);
    const report = await createReport(t, owner);
    const response = await get(`/api/reports/${report.id}/`, admin);
    const body = response.json();
    const text = response.body;
    expect(body.submitted_by_username).toBeNull();
    expect(text).not.toContain(owner.username);
    expect(text).not.toContain('@example.test');
    expect(Object.keys(body)).not.toEqual(
      expect.arrayContaining(['user_id', 'owner', 'submitted_by']),
    );
    expect(Object.values(body)).not.toContain(owner.id);
  });
});

describe('POST /api/reports/{id}/cancel/', () => {
  it('cancels the owner’s pending report and refuses a second time', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    const response = await post(`/api/reports/${report.id}/cancel/`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('cancelled');
    const again = await post(`/api/reports/${report.id}/cancel/`, owner);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This report has already been cancelled.' });
  });

  it.each([
    ['resolved', 'A resolved report cannot be cancelled.'],
    ['rejected', 'A rejected report cannot be cancelled.'],
  ])('refuses to cancel a %s report', async (status, detail) => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, status);
    const response = await post(`/api/reports/${report.id}/cancel/`, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('cancels a report under review', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, 'under_review');
    expect((await post(`/api/reports/${report.id}/cancel/`, owner)).json().status).toBe(
      'cancelled',
    );
  });

  it('answers 404 to anyone but the owner, admins included', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    expect((await post(`/api/reports/${report.id}/cancel/`, await createUser(t))).statusCode).toBe(
      404,
    );
    expect((await post(`/api/reports/${report.id}/cancel/`, await createAdmin(t))).statusCode).toBe(
      404,
    );
    expect((await rowOf(report.id)).status).toBe('pending');
  });
});

describe('DELETE /api/reports/{id}/', () => {
  it('deletes the owner’s report and records it without naming an anonymous owner', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    const response = await del(`/api/reports/${report.id}/`, owner);
    expect(response.statusCode).toBe(204);
    expect((await get(`/api/reports/${report.id}/`, owner)).statusCode).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'report'), eq(auditLog.objectId, String(report.id))));
    expect(entry).toMatchObject({
      action: 'report.deleted',
      actorUserId: null,
      actorRole: 'reporter',
    });
  });

  it('refuses to delete a resolved report', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, 'resolved');
    const response = await del(`/api/reports/${report.id}/`, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'A resolved report cannot be deleted.' });
  });

  it('answers 404 to another user and to an admin who does not own it', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    expect((await del(`/api/reports/${report.id}/`, await createUser(t))).statusCode).toBe(404);
    expect((await del(`/api/reports/${report.id}/`, await createAdmin(t))).statusCode).toBe(404);
    expect(await rowOf(report.id)).toBeDefined();
  });
});
