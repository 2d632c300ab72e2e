import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createOrganization } from '../../../test/factories';
import { DESCRIPTION_PURPOSE } from '../reports/report-view';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

// Inserting 70,000 rows into embedded PGlite takes tens of seconds on a busy machine.
describe('GET /api/admin/reports/ over many reports', { timeout: 180_000 }, () => {
  it('searches and lists more reports than one statement may bind parameters for', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    // PostgreSQL binds at most 65,535 parameters to a statement.
    const total = 70_000;
    const description = t.app.ctx.sealer.seal('Shared bulk description.', DESCRIPTION_PURPOSE);
    await t.database.db.execute(sql`insert into reports
      (reference, title, category, status, priority_flag, is_anonymous, is_premium_report,
       owner_hash, description, organization_id, submitted_at)
      select 'CND-BULK-' || ${organizationId}::int || '-' || n, 'Bulk ' || n, 'other', 'pending',
        false, true, false, 'bulk-owner', ${description}, ${organizationId}::int,
        now() - make_interval(secs => n)
      from generate_series(1, ${total}::int) as n`);
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/reports/?q=SHARED%20BULK&limit=3&offset=2',
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.count).toBe(total);
      expect(page.results.map((report: { title: string }) => report.title)).toEqual([
        'Bulk 3',
        'Bulk 4',
        'Bulk 5',
      ]);
      const whole = await t.app.inject({
        method: 'GET',
        url: '/api/admin/reports/',
        headers: admin.headers,
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.json()).toHaveLength(total);
    } finally {
      await t.database.db.execute(
        sql`delete from reports where organization_id = ${organizationId}::int`,
      );
    }
  });
});
