import type { AdminReport } from '@candor/contract/admin';
import type { MyOrganization } from '@candor/contract/organizations';
import { READER_ID_PATTERN, type Reader } from '@candor/contract/reports';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createOrganization,
  createUser,
  setUserFields,
  type TestUser,
} from '../../../test/factories';
import { useOwnApp } from '../../../test/hooks';
import { submitGuestReport } from '../../../test/intake';
import { organizations } from '../../db/schema';
import { NOT_A_READER, ONE_READER_REMAINS } from './reports.service';

/**
 * Who reads a report, as a reporter sees them before writing: each handler under the label they
 * chose on their profile, their name only when the organisation shows names, and an opaque id
 * that names no account. The public list (reports without an account) says nothing more, and a
 * report filed without an account keeps the readers it was kept from out, through the same path.
 */

const t = useOwnApp();

const call = (
  user: TestUser | null,
  method: 'GET' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  remoteAddress?: string,
) => t.app.inject({ method, url, headers: user?.headers, payload, remoteAddress });

async function slugOf(organizationId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return (row as { slug: string }).slug;
}

/** An organisation with two handlers who have names, labels set by one of them only. */
async function organizationWithHandlers() {
  const organizationId = await createOrganization(t);
  const officer = await createAdmin(t, { organizationId });
  const manager = await createAdmin(t, { organizationId });
  await setUserFields(t, officer.id, { firstName: 'Ada', lastName: 'Quill' });
  await setUserFields(t, manager.id, { firstName: 'Bruno', lastName: 'Stone' });
  const labelled = await call(officer, 'PUT', '/api/admin/handler-label/', {
    handler_label: '  Compliance officer ',
  });
  expect(labelled.statusCode).toBe(200);
  expect(labelled.json()).toEqual({ handler_label: 'Compliance officer' });
  return { organizationId, officer, manager, slug: await slugOf(organizationId) };
}

async function readersOf(url: string, user: TestUser | null = null): Promise<Reader[]> {
  const response = await call(user, 'GET', url);
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe('handler labels', () => {
  it('an administrator sets their label on their profile; others cannot', async () => {
    const { officer, manager } = await organizationWithHandlers();
    const profile = await call(officer, 'GET', '/api/accounts/profile/');
    expect(profile.json()).toMatchObject({ handler_label: 'Compliance officer' });
    expect((await call(manager, 'GET', '/api/accounts/profile/')).json()).toMatchObject({
      handler_label: null,
    });
    const cleared = await call(officer, 'PUT', '/api/admin/handler-label/', { handler_label: ' ' });
    expect(cleared.json()).toEqual({ handler_label: null });
    const member = await createUser(t);
    expect((await call(member, 'GET', '/api/accounts/profile/')).json()).toMatchObject({
      handler_label: null,
    });
    const refused = await call(member, 'PUT', '/api/admin/handler-label/', {
      handler_label: 'Boss',
    });
    expect(refused.statusCode).toBe(403);
    const tooLong = await call(officer, 'PUT', '/api/admin/handler-label/', {
      handler_label: 'x'.repeat(81),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toHaveProperty('handler_label');
    const wrongType = await call(officer, 'PUT', '/api/admin/handler-label/', { handler_label: 3 });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('the readers list', () => {
  it('shows labels and opaque ids, and no names until the organisation allows them', async () => {
    const { organizationId, officer, manager, slug } = await organizationWithHandlers();
    const member = await createUser(t, { organizationId });
    const expected = [
      { id: expect.stringMatching(READER_ID_PATTERN), label: 'Compliance officer', name: null },
      { id: expect.stringMatching(READER_ID_PATTERN), label: 'Administrator', name: null },
    ];
    const open = await readersOf(`/api/intake/${slug}/readers/`);
    expect(open).toEqual(expected);
    // The same readers, under the same ids, on the signed-in form.
    expect(await readersOf('/api/reports/readers/', member)).toEqual(open);
    // Nothing identifying: no account id, username, address or name.
    const text = JSON.stringify(open);
    for (const secret of [
      officer.username,
      manager.username,
      'Ada',
      'Quill',
      'Bruno',
      'example.test',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const reader of open) expect(Object.keys(reader).sort()).toEqual(['id', 'label', 'name']);
    expect(new Set(open.map((reader) => reader.id)).size).toBe(2);

    // The setting is off by default; only the organisation's administrator turns it on.
    const mine = await call(officer, 'GET', '/api/organizations/mine/');
    expect((mine.json() as MyOrganization)?.reader_names_shown).toBe(false);
    const notTheirs = await call(member, 'PATCH', '/api/organizations/mine/', {
      reader_names_shown: true,
    });
    expect(notTheirs.statusCode).toBe(403);
    const notBoolean = await call(officer, 'PATCH', '/api/organizations/mine/', {
      reader_names_shown: 'yes',
    });
    expect(notBoolean.statusCode).toBe(400);
    const shown = await call(officer, 'PATCH', '/api/organizations/mine/', {
      reader_names_shown: true,
    });
    expect(shown.statusCode).toBe(200);
    expect((shown.json() as MyOrganization)?.reader_names_shown).toBe(true);
    expect(await readersOf(`/api/intake/${slug}/readers/`)).toEqual([
      { id: open[0]?.id, label: 'Compliance officer', name: 'Ada Quill' },
      { id: open[1]?.id, label: 'Administrator', name: 'Bruno Stone' },
    ]);
    await call(officer, 'PATCH', '/api/organizations/mine/', { reader_names_shown: false });
    expect(await readersOf(`/api/intake/${slug}/readers/`)).toEqual(open);
  });

  it("never names the platform's administrators, and answers an unknown link with 404", async () => {
    const platformAdmin = await createAdmin(t);
    await setUserFields(t, platformAdmin.id, { firstName: 'Cleo', lastName: 'Marsh' });
    const platform = await readersOf('/api/intake/readers/');
    expect(JSON.stringify(platform)).not.toContain('Marsh');
    expect(platform.length).toBeGreaterThan(0);
    for (const reader of platform) {
      expect(reader).toEqual({
        id: expect.stringMatching(READER_ID_PATTERN),
        label: expect.any(String),
        name: null,
      });
    }
    for (const slug of ['no-such-link-anywhere', '%00', 'a'.repeat(201)]) {
      const missing = await call(null, 'GET', `/api/intake/${slug}/readers/`);
      expect(missing.statusCode).toBeGreaterThanOrEqual(400);
      expect(missing.statusCode).toBeLessThan(500);
      expect(missing.headers['content-type']).toContain('application/json');
    }
  });

  it('is limited per address like the intake page', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 301; i += 1) {
      const response = await call(null, 'GET', '/api/intake/readers/', undefined, '10.9.0.1');
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([200, 429]);
    const other = await call(null, 'GET', '/api/intake/readers/', undefined, '10.9.0.2');
    expect(other.statusCode).toBe(200);
  });
});

describe('a report without an account keeps a reader out', () => {
  it('through the same path: with a proof of work, the excluded handler never sees it', async () => {
    const { officer, manager, slug } = await organizationWithHandlers();
    const [, managerReader] = await readersOf(`/api/intake/${slug}/readers/`);
    const filed = await submitGuestReport(t, slug, {
      title: 'The site manager hides accidents',
      excluded_readers: managerReader?.id ?? '',
    });
    expect(filed.statusCode).toBe(201);
    const { reference } = filed.json() as { reference: string };
    const listOf = async (admin: TestUser) =>
      ((await call(admin, 'GET', '/api/admin/reports/')).json() as AdminReport[]).map(
        (row) => row.token,
      );
    expect(await listOf(officer)).toContain(reference);
    expect(await listOf(manager)).not.toContain(reference);

    const [officerReader] = await readersOf(`/api/intake/${slug}/readers/`);
    const everyone = await submitGuestReport(t, slug, {
      excluded_readers: `${officerReader?.id},${managerReader?.id}`,
    });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json()).toEqual({ excluded_readers: [ONE_READER_REMAINS] });
    await createAdmin(t);
    const platformReader = (await readersOf('/api/intake/readers/'))[0];
    const elsewhere = await submitGuestReport(t, slug, {
      excluded_readers: platformReader?.id ?? '',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ excluded_readers: [NOT_A_READER] });
    const garbage = await submitGuestReport(t, slug, { excluded_readers: '12' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toHaveProperty('excluded_readers');
  });
});
