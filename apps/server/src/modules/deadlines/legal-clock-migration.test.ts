import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../test/app';
import { migrationsFolder } from '../../db/client';

/**
 * The migration that adds the legal clock computes dates for reports filed before it, from their
 * submission and what administrators had done. Run on a database of its own (a schema of its own
 * on the PostgreSQL server) migrated up to the migration before it.
 */
type Sql = { exec(text: string): Promise<void>; rows<T>(text: string): Promise<T[]> };

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };
const tags = journal.entries.map((entry) => entry.tag);
const clockIndex = tags.findIndex((tag) => tag.endsWith('_legal_clock'));
const schema = `legal_clock_${process.pid}`;

function migrationSql(tag: string): string {
  const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
  return testDatabaseUrl ? text.replaceAll('"public".', `"${schema}".`) : text;
}

let database: Sql;
let close: () => Promise<void>;

beforeAll(async () => {
  if (testDatabaseUrl) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade; create schema "${schema}"`);
    await client.query(`set search_path to "${schema}"`);
    database = {
      exec: async (text) => {
        await client.query(text);
      },
      rows: async (text) => (await client.query(text)).rows,
    };
    close = async () => {
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    };
  } else {
    const lite = new PGlite();
    database = {
      exec: async (text) => {
        await lite.exec(text);
      },
      rows: async <T>(text: string) => (await lite.query<T>(text)).rows,
    };
    close = () => lite.close();
  }
  for (const tag of tags.slice(0, clockIndex)) await database.exec(migrationSql(tag));
}, 120_000);

afterAll(async () => {
  await close?.();
});

type Row = {
  title: string;
  acknowledge_by: Date;
  acknowledged_at: Date | null;
  feedback_by: Date;
  feedback_at: Date | null;
  next_deadline_at: Date | null;
};

describe('the legal clock migration', () => {
  it('dates every report filed before it from its submission and what admins did', async () => {
    expect(clockIndex).toBeGreaterThan(0);
    await database.exec(`
      insert into users (id, username, password_hash, role) values (1, 'admin', 'x', 'admin');
      insert into reports (id, reference, title, status, is_anonymous, owner_hash, description,
                           submitted_at, updated_at, resolved_at) values
        (1, 'R-1', 'untouched', 'pending', true, 'h', '\\x00', '2025-01-31T10:00:00Z', now(), null),
        (2, 'R-2', 'replied', 'under_review', true, 'h', '\\x00', '2025-03-01T10:00:00Z', now(), null),
        (3, 'R-3', 'noted only', 'pending', true, 'h', '\\x00', '2025-03-01T10:00:00Z', now(), null),
        (4, 'R-4', 'resolved', 'resolved', true, 'h', '\\x00', '2025-03-01T10:00:00Z', now(),
           '2025-03-20T09:00:00Z'),
        (5, 'R-5', 'cancelled', 'cancelled', true, 'h', '\\x00', '2025-03-01T10:00:00Z', now(), null);
      insert into report_messages (report_id, sender_kind, sender_user_id, is_internal, body, sent_at)
        values (2, 'admin', 1, false, '\\x00', '2025-03-05T12:00:00Z'),
               (2, 'admin', 1, false, '\\x00', '2025-03-06T12:00:00Z'),
               (3, 'admin', 1, true, '\\x00', '2025-03-02T12:00:00Z');
      insert into audit_log (actor_user_id, actor_role, action, object_type, object_id, details,
                             created_at)
        values (1, 'admin', 'report.status_changed', 'report', '2',
                '{"from":"pending","to":"under_review"}', '2025-03-07T12:00:00Z'),
               (1, 'admin', 'report.status_changed', 'report', '4',
                '{"from":"pending","to":"under_review"}', '2025-03-03T08:00:00Z'),
               (1, 'admin', 'report.status_changed', 'report', '4',
                '{"from":"under_review","to":"resolved"}', '2025-03-20T09:00:00Z');
    `);
    await database.exec(migrationSql(tags[clockIndex] as string));
    const rows = await database.rows<Row>(
      `select title, acknowledge_by, acknowledged_at, feedback_by, feedback_at, next_deadline_at
       from reports order by id`,
    );
    const iso = (value: Date | string | null) =>
      value === null ? null : new Date(value).toISOString();
    expect(
      rows.map((row) => ({
        title: row.title,
        acknowledge_by: iso(row.acknowledge_by),
        acknowledged_at: iso(row.acknowledged_at),
        feedback_by: iso(row.feedback_by),
        feedback_at: iso(row.feedback_at),
        next_deadline_at: iso(row.next_deadline_at),
      })),
    ).toEqual([
      {
        // 7 days after submission; feedback 3 months after that (month ends as PostgreSQL counts).
        title: 'untouched',
        acknowledge_by: '2025-02-07T10:00:00.000Z',
        acknowledged_at: null,
        feedback_by: '2025-05-07T10:00:00.000Z',
        feedback_at: null,
        next_deadline_at: '2025-02-07T10:00:00.000Z',
      },
      {
        // The first reply to the reporter acknowledged it, before its status change.
        title: 'replied',
        acknowledge_by: '2025-03-08T10:00:00.000Z',
        acknowledged_at: '2025-03-05T12:00:00.000Z',
        feedback_by: '2025-06-05T12:00:00.000Z',
        feedback_at: null,
        next_deadline_at: '2025-06-05T12:00:00.000Z',
      },
      {
        // An internal note acknowledges nothing.
        title: 'noted only',
        acknowledge_by: '2025-03-08T10:00:00.000Z',
        acknowledged_at: null,
        feedback_by: '2025-06-08T10:00:00.000Z',
        feedback_at: null,
        next_deadline_at: '2025-03-08T10:00:00.000Z',
      },
      {
        // Acknowledged by its first status change, given feedback by its resolution.
        title: 'resolved',
        acknowledge_by: '2025-03-08T10:00:00.000Z',
        acknowledged_at: '2025-03-03T08:00:00.000Z',
        feedback_by: '2025-06-03T08:00:00.000Z',
        feedback_at: '2025-03-20T09:00:00.000Z',
        next_deadline_at: null,
      },
      {
        title: 'cancelled',
        acknowledge_by: '2025-03-08T10:00:00.000Z',
        acknowledged_at: null,
        feedback_by: '2025-06-08T10:00:00.000Z',
        feedback_at: null,
        next_deadline_at: null,
      },
    ]);
  });
});
