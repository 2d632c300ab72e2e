import { RECEIPT_PATTERN } from '@candor/contract/intake';
import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { notificationsOf } from '../../../test/access-requests';
import { buildTestApp } from '../../../test/app';
import { gpsPhoto as photo, readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createAdmin, createOrganization, uniqueName } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { fileGuestReport, slugOf, solvedProof, submitGuestReport } from '../../../test/intake';
import { guestReceipts, organizations, reports } from '../../db/schema';
import { slugOfName } from './slugs';

const t = useTestApp();

async function organizationWithAdmin() {
  const organizationId = await createOrganization(t, uniqueName('Riverside School'));
  const admin = await createAdmin(t, { organizationId });
  return { organizationId, admin, slug: await slugOf(t, organizationId) };
}

async function reportRow(reference: string) {
  const [row] = await t.database.db.select().from(reports).where(eq(reports.reference, reference));
  return row as typeof reports.$inferSelect;
}

describe('GET /api/intake/{slug}/', () => {
  it('names the organisation, its type and whether it takes reports without an account', async () => {
    const { organizationId, slug } = await organizationWithAdmin();
    const response = await t.app.inject({ method: 'GET', url: `/api/intake/${slug}/` });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(response.json()).toEqual({
      slug,
      name: row?.name,
      type: 'corporate',
      accepts_guest_reports: true,
      default_language: null,
    });
  });

  it('answers 404 for a slug no organisation has had', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/intake/no-such-place-ever/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No organisation has this reporting link.' });
  });
});

describe('filing without an account', () => {
  it('files to the organisation with a cleaned photo and answers a receipt once', async () => {
    const { admin, slug, organizationId } = await organizationWithAdmin();
    const response = await submitGuestReport(t, slug, { priority_flag: 'true' }, photo);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.receipt).toMatch(RECEIPT_PATTERN);
    expect(created.reference).toMatch(/^CND-/);

    const row = await reportRow(created.reference);
    expect(row).toMatchObject({
      isGuest: true,
      isAnonymous: true,
      ownerUserId: null,
      ownerHash: null,
      ownerSealed: null,
      organizationId,
      priorityFlag: true,
      isPremiumReport: false,
      evidenceMime: 'image/jpeg',
    });

    // The organisation's admin sees it like any anonymous report, tagged, and was told.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${row.id}/`,
      headers: admin.headers,
    });
    expect(seen.json()).toMatchObject({
      is_guest: true,
      is_anonymous: true,
      submitted_by_username: null,
      organization_name: expect.any(String),
    });
    expect((await notificationsOf(t, admin.id)).map((n) => n.message)).toContain(
      'A new priority report was submitted.',
    );
    // The file went through the same cleaning: no location left.
    const link = new URL(seen.json().file_upload, 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
    expect(await exifr.gps(file.rawPayload).catch(() => undefined)).toBeUndefined();
  });

  it('files to the platform from /report, where only platform admins see it', async () => {
    const platformAdmin = await createAdmin(t);
    const other = await organizationWithAdmin();
    const created = await fileGuestReport(t, null, { title: 'Platform-wide' });
    const row = await reportRow(created.reference);
    expect(row.organizationId).toBeNull();
    expect(created.organization_name).toBeNull();
    // The receipt page says when to expect an answer: the report's own legal dates, by the day.
    expect(created.acknowledge_by).toBe(row.acknowledgeBy.toISOString().slice(0, 10));
    expect(created.feedback_by).toBe(row.feedbackBy.toISOString().slice(0, 10));
    const byPlatform = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${row.id}/`,
      headers: platformAdmin.headers,
    });
    expect(byPlatform.statusCode).toBe(200);
    const byOrganization = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${row.id}/`,
      headers: other.admin.headers,
    });
    expect(byOrganization.statusCode).toBe(404);
  });

  it('counts guest reports as anonymous in the analytics', async () => {
    const { admin, slug } = await organizationWithAdmin();
    await fileGuestReport(t, slug);
    await fileGuestReport(t, slug, { category: 'corruption' });
    const analytics = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/',
      headers: admin.headers,
    });
    expect(analytics.json()).toMatchObject({
      total_reports: 2,
      anonymous_vs_identified_reports: { true: 2, false: 0 },
      reports_by_category: expect.objectContaining({ abuse: 1, corruption: 1 }),
    });
  });

  it('keeps the receipt only as argon2id with a pepper and a short lookup key', async () => {
    const { slug } = await organizationWithAdmin();
    const created = await fileGuestReport(t, slug);
    const digits = created.receipt.replaceAll(' ', '');
    const row = await reportRow(created.reference);
    const [receipt] = await t.database.db
      .select()
      .from(guestReceipts)
      .where(eq(guestReceipts.reportId, row.id));
    expect(receipt?.receiptHash).toMatch(/^\$argon2id\$/);
    expect(receipt?.lookupKey).toMatch(/^[0-9a-f]{6}$/);
    // Without the server's pepper, the stored hash does not confirm the right receipt.
    expect(await verify(receipt?.receiptHash as string, digits)).toBe(false);
    // Nowhere in any table, with or without its spaces.
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const rows = await rowsOf<{ row: string }>(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
      );
      for (const { row: text } of rows) {
        expect(text).not.toContain(digits);
        expect(text).not.toContain(created.receipt);
      }
    }
  });

  it('refuses a form without proof of work, with a bad one, and the same one twice', async () => {
    const { slug } = await organizationWithAdmin();
    const missing = await submitGuestReport(t, slug, { proof: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ proof: ['This field is required.'] });

    const proof = JSON.parse(await solvedProof(t, slug));
    proof.solution.counter += 1;
    const wrong = await submitGuestReport(t, slug, { proof: JSON.stringify(proof) });
    expect(wrong.json()).toEqual({
      detail: 'The anti-abuse check did not pass. Send the form again.',
    });

    const garbage = await submitGuestReport(t, slug, { proof: '{not json' });
    expect(garbage.statusCode).toBe(400);

    // A proof is made for one destination: the platform's does not file to an organisation.
    const forPlatform = await solvedProof(t);
    expect((await submitGuestReport(t, slug, { proof: forPlatform })).statusCode).toBe(400);

    const good = await solvedProof(t, slug);
    expect((await submitGuestReport(t, slug, { proof: good })).statusCode).toBe(201);
    const replay = await submitGuestReport(t, slug, { proof: good });
    expect(replay.statusCode).toBe(400);
  });

  it('refuses the anonymity choice: these reports are always anonymous', async () => {
    const { slug } = await organizationWithAdmin();
    const response = await submitGuestReport(t, slug, { is_anonymous: 'false' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain('is_anonymous');
  });

  it('refuses a file that is not a photo or video, and stores nothing', async () => {
    const { slug } = await organizationWithAdmin();
    const before = await t.database.db.$count(guestReceipts);
    const response = await submitGuestReport(
      t,
      slug,
      {},
      {
        name: 'x.jpg',
        type: 'image/jpeg',
        data: readEvidenceFixture('not-an-image.jpg'),
      },
    );
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.$count(guestReceipts)).toBe(before);
  });

  it('answers 404 to an unknown slug and 403 once the organisation turned it off', async () => {
    expect((await submitGuestReport(t, 'nobody-has-this-slug')).statusCode).toBe(404);
    const { slug, organizationId } = await organizationWithAdmin();
    await t.database.db
      .update(organizations)
      .set({ guestReportsEnabled: false })
      .where(eq(organizations.id, organizationId));
    const response = await submitGuestReport(t, slug);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'This organisation does not take reports without an account at the moment.',
    });
  });
});

describe('intake limits', () => {
  it('limits filings per address, loosely, with 429, and not other addresses', async () => {
    const { slug } = await organizationWithAdmin();
    const limited = await buildTestApp({ env: { INTAKE_REPORTS_PER_ADDRESS_PER_HOUR: '2' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await submitGuestReport(limited, slug, {}, undefined, {
          remoteAddress: '10.2.0.1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const other = await submitGuestReport(limited, slug, {}, undefined, {
        remoteAddress: '10.2.0.2',
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.app.close();
    }
  });

  it('asks for more work past the budget of one organisation, and never closes it', async () => {
    const first = await organizationWithAdmin();
    const second = await organizationWithAdmin();
    const limited = await buildTestApp({ env: { INTAKE_REPORTS_PER_ORGANIZATION_PER_HOUR: '2' } });
    try {
      const levelOf = async (slug: string) =>
        (
          await limited.app.inject({ method: 'GET', url: `/api/intake/challenge/?slug=${slug}` })
        ).json().parameters.data.level;
      // Solved while the organisation was quiet.
      const early = await solvedProof(limited, first.slug);
      const statuses: number[] = [];
      for (const remoteAddress of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4']) {
        const response = await submitGuestReport(limited, first.slug, {}, undefined, {
          remoteAddress,
        });
        statuses.push(response.statusCode);
      }
      // Every one filed: fresh challenges asked for more work as the hour's count passed 2.
      expect(statuses).toEqual([201, 201, 201, 201]);
      expect(await levelOf(first.slug)).toBeGreaterThanOrEqual(2);
      // The quiet hour's proof is no longer enough: 428, send again with a fresh one.
      const stale = await submitGuestReport(limited, first.slug, { proof: early });
      expect(stale.statusCode).toBe(428);
      expect((await submitGuestReport(limited, first.slug)).statusCode).toBe(201);
      // Another organisation is not slowed.
      expect(await levelOf(second.slug)).toBe(0);
      expect((await submitGuestReport(limited, second.slug)).statusCode).toBe(201);
    } finally {
      await limited.app.close();
    }
  });
});

describe('organisation slugs', () => {
  it('derives a readable ASCII slug from any name', () => {
    expect(slugOfName("Åsa's Café & Bar")).toBe('asas-cafe-and-bar');
    expect(slugOfName('  St. Mary’s High School  ')).toBe('st-marys-high-school');
    expect(slugOfName('Ministère de la Santé')).toBe('ministere-de-la-sante');
    expect(slugOfName('!!!')).toBe('organization');
    expect(slugOfName('x'.repeat(200)).length).toBeLessThanOrEqual(60);
  });
});

describe('organisation slugs through the API', () => {
  const patchMine = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/organizations/mine/', headers, payload });

  it('gives the same name a numbered slug, renames, and keeps the old slug leading there', async () => {
    const name = uniqueName('Harbour Clinic');
    const firstId = await createOrganization(t);
    const secondId = await createOrganization(t);
    const first = await createAdmin(t, { organizationId: firstId });
    const second = await createAdmin(t, { organizationId: secondId });

    const renamed = await patchMine(first.headers, { name });
    expect(renamed.statusCode).toBe(200);
    const firstSlug = renamed.json().slug;
    expect(firstSlug).toBe(slugOfName(name));
    const same = await patchMine(second.headers, { name });
    expect(same.json().slug).toBe(`${firstSlug}-2`);

    const oldSlug = firstSlug;
    const moved = await patchMine(first.headers, { name: `${name} Trust` });
    const newSlug = moved.json().slug;
    expect(newSlug).toBe(`${firstSlug}-trust`);
    const byOld = await t.app.inject({ method: 'GET', url: `/api/intake/${oldSlug}/` });
    expect(byOld.json()).toMatchObject({ slug: newSlug, name: `${name} Trust` });
    // Filing through a poster printed before the rename still reaches the organisation.
    const created = await fileGuestReport(t, oldSlug);
    expect((await reportRow(created.reference)).organizationId).toBe(firstId);

    // The freed name does not give its old slug to anyone else.
    const third = await createAdmin(t, { organizationId: await createOrganization(t) });
    const taken = await patchMine(third.headers, { name });
    expect(taken.json().slug).toBe(`${firstSlug}-3`);
  });

  it('lets its administrator turn reports without an account off and on', async () => {
    const { admin, slug } = await organizationWithAdmin();
    const off = await patchMine(admin.headers, { accepts_guest_reports: false });
    expect(off.json()).toMatchObject({ accepts_guest_reports: false, slug });
    const page = await t.app.inject({ method: 'GET', url: `/api/intake/${slug}/` });
    expect(page.json().accepts_guest_reports).toBe(false);
    expect((await submitGuestReport(t, slug)).statusCode).toBe(403);
    await patchMine(admin.headers, { accepts_guest_reports: true });
    expect((await submitGuestReport(t, slug)).statusCode).toBe(201);
  });

  it('refuses anyone but its administrator, and an empty change', async () => {
    const { admin } = await organizationWithAdmin();
    const platformAdmin = await createAdmin(t);
    expect((await patchMine(platformAdmin.headers, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await patchMine({}, { name: 'Mine now' })).statusCode).toBe(401);
    expect((await patchMine(admin.headers, {})).statusCode).toBe(400);
    expect((await patchMine(admin.headers, { name: '  ' })).json()).toEqual({
      name: ['This field is required.'],
    });
  });

  it('gives an organisation inserted without a slug one from its name (database trigger)', async () => {
    const id = await createOrganization(t, 'Zürich Lab, Ltd.');
    const slug = await slugOf(t, id);
    expect(slug === 'z-rich-lab-ltd' || slug === `z-rich-lab-ltd-${id}`).toBe(true);
  });
});
