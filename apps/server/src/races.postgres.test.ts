import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { application, applyOk, decide } from '../test/access-requests';
import { getTestApp, type TestApp, testDatabaseUrl } from '../test/app';
import { createOrganization, createSuperuser, createUser, type TestUser } from '../test/factories';
import { openLockHolder, track, untilLockWaiters } from '../test/pg-locks';
import { createReport } from '../test/reports';
import { reports, users } from './db/schema';

// Included only with TEST_DATABASE_URL (vitest.config.ts): a second connection holds a row while
// a request runs into it, and changes it underneath, as a concurrent request would.
let t: TestApp;
let superuser: TestUser;

beforeAll(async () => {
  t = await getTestApp();
  superuser = await createSuperuser(t);
});

/** Runs `request` while a row is held; `meanwhile` runs in the holding transaction. */
async function whileRowHeld<T extends { statusCode: number }>(
  lockRow: string,
  params: unknown[],
  request: () => Promise<T>,
  meanwhile: (query: (text: string, values: unknown[]) => Promise<unknown>) => Promise<void>,
): Promise<T> {
  const holder = await openLockHolder(testDatabaseUrl as string);
  try {
    await holder.query('begin');
    await holder.query(lockRow, params);
    const pending = track(request());
    await untilLockWaiters(holder, 1, pending.settled);
    await meanwhile((text, values) => holder.query(text, values));
    await holder.query('commit');
    return await pending.promise;
  } finally {
    await holder.end();
  }
}

describe('a report resolved a moment before its owner deletes it', () => {
  it('is kept: the delete holds only while the report is not resolved', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    const response = await whileRowHeld(
      'select id from reports where id = $1 for update',
      [report.id],
      () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/reports/${report.id}/`,
          headers: owner.headers,
        }),
      async (query) => {
        await query(`update reports set status = 'resolved', resolved_at = now() where id = $1`, [
          report.id,
        ]);
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'A resolved report cannot be deleted.' });
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, report.id));
    expect(row?.status).toBe('resolved');
  });
});

describe('an individual approval while the applicant joins an organisation', () => {
  it('does not make the new member its administrator', async () => {
    const applicant = await createUser(t);
    const created = await applyOk(t, application(), applicant.headers);
    const organizationId = await createOrganization(t);
    const response = await whileRowHeld(
      'select id from users where id = $1 for update',
      [applicant.id],
      () => decide(t, superuser.headers, created.id, 'approve'),
      async (query) => {
        await query('update users set organization_id = $1 where id = $2', [
          organizationId,
          applicant.id,
        ]);
      },
    );
    expect(response.statusCode).toBe(400);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, applicant.id));
    expect(account).toMatchObject({ role: 'user', organizationId });
  });
});
