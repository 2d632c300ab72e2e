import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { application, applyOk, auditRowsFor, decide } from '../../../test/access-requests';
import { tamperWithAuditRow } from '../../../test/audit';
import { createAdmin, createUser } from '../../../test/factories';
import { useSuperuser, useTestApp } from '../../../test/hooks';
import { auditLog } from '../../db/schema';
import { createOrPromoteSuperuser } from '../accounts/superuser.service';
import { insertAuditEntry } from './audit.repository';

const t = useTestApp();
const superuser = useSuperuser(t);

const auditPage = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/audit/${query}`, headers });

type Entry = { id: number; actor: string | null; action: string; object_id: string | null };

describe('GET /api/audit/', () => {
  it('answers a page of entries, newest first, with the actor by name', async () => {
    const user = await createUser(t);
    const created = await applyOk(t, application(), user.headers);
    await decide(t, superuser.headers, created.id, 'approve');
    const response = await auditPage(superuser.headers, '?limit=2');
    expect(response.statusCode).toBe(200);
    const page = response.json() as { count: number; results: Entry[] };
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.results).toHaveLength(2);
    const ids = page.results.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      actor: superuser.username,
      actor_role: 'superuser',
      action: 'user.role_changed',
      object_type: 'user',
      object_id: String(user.id),
      details: {
        from: 'user',
        to: 'admin',
        access_request_id: created.id,
        from_organization_id: null,
        organization_id: null,
      },
      created_at: expect.any(String),
    });
    expect(page.results[1]).toMatchObject({
      action: 'access_request.approved',
      object_id: String(created.id),
    });
  });

  it("lists a row whose details someone with the database owner's rights made null or a list", async () => {
    const ids: number[] = [];
    const restores: (() => Promise<void>)[] = [];
    for (const value of ['null', '[1,2]']) {
      await insertAuditEntry(t.database.db, {
        actorUserId: null,
        actorRole: 'system',
        action: 'operations.keys_rotated',
        objectType: 'user',
        objectId: null,
      });
      const [row] = await t.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, 'operations.keys_rotated'))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      ids.push(row?.id as number);
      const tampered = await tamperWithAuditRow(
        t.database.db,
        row?.id as number,
        JSON.parse(value),
      );
      restores.push(tampered.restore);
    }
    try {
      const response = await auditPage(superuser.headers, '?limit=200');
      expect(response.statusCode).toBe(200);
      const shown = (response.json() as { results: (Entry & { details: unknown })[] }).results
        .filter((entry) => ids.includes(entry.id))
        .map((entry) => entry.details);
      expect(shown).toEqual(expect.arrayContaining([{ value: null }, { value: [1, 2] }]));
    } finally {
      for (const restore of restores) await restore();
    }
  });

  it('pages with limit and offset, 50 entries by default', async () => {
    for (let index = 0; index < 3; index += 1) {
      await insertAuditEntry(t.database.db, {
        actorUserId: superuser.id,
        actorRole: 'superuser',
        action: 'contact.read',
        objectType: 'contact_message',
        objectId: index,
      });
    }
    const first = (await auditPage(superuser.headers, '?limit=2')).json();
    const second = (await auditPage(superuser.headers, '?limit=2&offset=2')).json();
    expect(first.results).toHaveLength(2);
    expect(second.results[0].id).toBeLessThan(first.results[1].id);
    expect(second.count).toBe(first.count);
    const all = (await auditPage(superuser.headers)).json();
    expect(all.results).toHaveLength(Math.min(50, all.count));
    expect((await auditPage(superuser.headers, '?limit=201')).statusCode).toBe(400);
  });

  it('never names a reporter, even when a row carries their id', async () => {
    const reporter = await createUser(t);
    await insertAuditEntry(t.database.db, {
      actorUserId: reporter.id,
      actorRole: 'reporter',
      action: 'report.deleted',
      objectType: 'report',
      objectId: 1,
    });
    const [newest] = (await auditPage(superuser.headers, '?limit=1')).json().results;
    expect(newest).toMatchObject({ actor: null, actor_role: 'reporter', action: 'report.deleted' });
    expect(JSON.stringify(newest)).not.toContain(reporter.username);
  });

  it.each([
    ['a visitor', async () => ({}), 401],
    ['a user', async () => (await createUser(t)).headers, 403],
    ['an admin', async () => (await createAdmin(t)).headers, 403],
  ])('refuses %s', async (_label, headersOf, status) => {
    expect((await auditPage(await headersOf())).statusCode).toBe(status);
  });
});

describe('role changes outside the review', () => {
  it('records promoting an account to superuser as a role change by the system', async () => {
    const user = await createUser(t);
    await createOrPromoteSuperuser(
      t.database,
      { username: user.username, password: 'a-new-console-passphrase' },
      { promote: true },
    );
    expect(await auditRowsFor(t, 'user', user.id)).toEqual([
      expect.objectContaining({
        actorUserId: null,
        actorRole: 'system',
        action: 'user.role_changed',
        details: { from: 'user', to: 'admin', is_superuser: true },
      }),
    ]);
  });
});

describe('the audit table is append-only', () => {
  async function anyRowId() {
    await insertAuditEntry(t.database.db, {
      actorUserId: null,
      actorRole: 'system',
      action: 'user.role_changed',
      objectType: 'user',
      objectId: 0,
    });
    const [row] = await t.database.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    return row?.id as number;
  }

  it('refuses to change a row', async () => {
    const id = await anyRowId();
    await expect(
      t.database.db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.id, id)),
    ).rejects.toThrow();
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row?.action).not.toBe('tampered');
  });

  it('refuses to delete a row', async () => {
    const id = await anyRowId();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.id, id))).toHaveLength(1);
  });

  it('refuses to empty the table', async () => {
    await anyRowId();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [row] = await t.database.db.select({ value: sql<number>`count(*)::int` }).from(auditLog);
    expect(row?.value).toBeGreaterThan(0);
  });
});
