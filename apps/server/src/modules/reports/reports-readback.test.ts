import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser, uniqueName } from '../../../test/factories';
import { createReport as createTestReport } from '../../../test/reports';
import type { AppContext } from '../../context';
import { reports, users } from '../../db/schema';
import { createReport } from './reports.service';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

/**
 * The app's context with a database that works until the report is committed, by its
 * transaction or by the one statement that files it, and then fails every statement: the
 * read-back of the filed report fails after its row is written.
 */
function failingAfterCommit(ctx: AppContext): AppContext {
  let committed = false;
  const gone = () => {
    throw new Error('the database went away after the commit');
  };
  const session = Reflect.get(ctx.db, 'session') as {
    client: { query: (...args: unknown[]) => Promise<unknown> };
  };
  // Every statement of the handle, prepared once or built anew, runs on its client (db/prepared.ts).
  const client = new Proxy(session.client, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (name !== 'query') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        if (committed) gone();
        const first = args[0] as string | { text?: string };
        const text = typeof first === 'string' ? first : (first.text ?? '');
        const result = await (value as (...args: unknown[]) => Promise<unknown>).apply(
          target,
          args,
        );
        if (text.includes('insert into "reports"')) committed = true;
        return result;
      };
    },
  });
  const db = new Proxy(ctx.db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return async (...args: Parameters<typeof target.transaction>) => {
          const result = await target.transaction(...args);
          committed = true;
          return result;
        };
      }
      if (property === 'session') {
        return new Proxy(session, {
          get: (held, name) => (name === 'client' ? client : Reflect.get(held, name)),
        });
      }
      // Bound to the proxy: the queries its methods build run on its session, hence its client.
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(receiver) : value;
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
        // Identified: its payload is read back after the commit (an anonymous one's is built
        // from its row as written, reports.repository.ts `recordOfNewReport`).
        fields: {
          title,
          category: 'other',
          description: 'The read-back fails.',
          is_anonymous: false,
        },
        file: readEvidenceFixture('photo-gps.jpg'),
        voice: null,
      },
    );
    // Failing as it is read back: drizzle may wrap the driver's error, which it keeps as the cause.
    const causes = (error: unknown): string[] =>
      error instanceof Error ? [error.message, ...causes(error.cause)] : [];
    await expect(
      filing.then(
        () => 'filed without failing',
        (error: unknown) => causes(error).join(' | '),
      ),
    ).resolves.toContain('the database went away after the commit');

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

describe('the answer of a filing', () => {
  const read = async (user: { headers: Record<string, string> }, id: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/reports/${id}/`, headers: user.headers })
    ).json();

  it('is the report as reading it back shows it, anonymous or not, with a file or without', async () => {
    const user = await createUser(t);
    for (const [fields, file] of [
      [{ is_anonymous: 'true' }, undefined],
      [{ is_anonymous: 'true', priority_flag: 'true' }, undefined],
      [{ is_anonymous: 'false' }, undefined],
      [
        { is_anonymous: 'true' },
        { name: 'photo.jpg', type: 'image/jpeg', data: readEvidenceFixture('photo-gps.jpg') },
      ],
    ] as const) {
      const filed = await createTestReport(t, user, fields, file);
      const { file_upload: link, ...shown } = await read(user, filed.id);
      const { file_upload: filedLink, ...answered } = filed;
      expect(answered).toEqual(shown);
      // A signed link: the same file, its expiry counted from when each was made.
      expect(filedLink === null).toBe(link === null);
      if (link)
        expect(new URL(filedLink as string, 'http://x').pathname).toBe(
          new URL(link, 'http://x').pathname,
        );
    }
  });
});
