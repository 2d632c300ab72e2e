import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser, uniqueName } from '../../../test/factories';
import type { AppContext } from '../../context';
import { reports, users } from '../../db/schema';
import { createReport } from './reports.service';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

/**
 * The app's context with a database that works until the report's transaction commits and then
 * fails every read: the read-back of the filed report fails after its row is written.
 */
function failingAfterCommit(ctx: AppContext): AppContext {
  let committed = false;
  const db = new Proxy(ctx.db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return async (...args: Parameters<typeof target.transaction>) => {
          const result = await target.transaction(...args);
          committed = true;
          return result;
        };
      }
      if (committed && (property === 'select' || property === 'execute')) {
        return () => {
          throw new Error('the database went away after the commit');
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...ctx, db } as AppContext;
}

describe('a failure after the report commits', () => {
  it('keeps the stored file of the report that exists', async () => {
    const user = await createUser(t);
    const [account] = await t.database.db
      .select({ ownerSalt: users.ownerSalt })
      .from(users)
      .where(eq(users.id, user.id));
    const title = uniqueName('readback');
    const filing = createReport(
      failingAfterCommit(t.app.ctx),
      {
        id: user.id,
        username: user.username,
        role: 'user',
        plan: 'free',
        isSuperuser: false,
        organizationId: null,
        ownerSalt: account?.ownerSalt as string,
      },
      {
        fields: { title, category: 'other', description: 'The read-back fails.' },
        file: readEvidenceFixture('photo-gps.jpg'),
        voice: null,
      },
    );
    await expect(filing).rejects.toThrow('the database went away after the commit');

    const [row] = await t.database.db
      .select({ id: reports.id, key: reports.evidenceKey })
      .from(reports)
      .where(eq(reports.title, title));
    expect(row?.key).toEqual(expect.any(String));
    // The report committed, so its file is still there and opens through the report's link.
    const stored = await t.app.ctx.storage.get(row?.key as string);
    expect(stored.length).toBeGreaterThan(0);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${row?.id}/`,
      headers: user.headers,
    });
    const link = new URL(detail.json().file_upload as string, 'http://x');
    const file = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
