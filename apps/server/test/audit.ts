import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { sqlRows } from './sql';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Changes one audit row as someone with the database owner's rights could: the append-only
 * trigger disabled for the change, then enabled again. Answers the row as it was, for `restore`.
 */
export async function tamperWithAuditRow(
  db: Executor,
  id: number,
  details: Record<string, unknown>,
): Promise<{ restore: () => Promise<void> }> {
  const [before] = (
    (await db.execute(sql`select details from audit_log where id = ${id}`)) as {
      rows: { details: Record<string, unknown> }[];
    }
  ).rows;
  const setDetails = async (value: unknown) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
      await tx.execute(
        sql`update audit_log set details = ${JSON.stringify(value)}::jsonb where id = ${id}`,
      );
      await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    });
  };
  await setDetails(details);
  return { restore: () => setDetails(before?.details) };
}

/**
 * The tamperer who owns the database's functions: changes one audit row (as `tamperWithAuditRow`)
 * and replaces `audit_log_canonical` with one that answers, for that row, the form it had before,
 * so the database's own hash of the row still matches. `restore` puts back the row and the
 * function's own definition.
 */
export async function hideEditBehindCanonical(
  db: Executor,
  id: number,
  details: Record<string, unknown>,
): Promise<{ restore: () => Promise<void> }> {
  const [original] = await sqlRows<{ definition: string; canonical: string }>(
    db,
    sql`select pg_get_functiondef('audit_log_canonical(audit_log)'::regprocedure) as definition,
               (select audit_log_canonical(a) from audit_log a where a.id = ${id}) as canonical`,
  );
  if (!original) throw new Error('audit_log_canonical is missing');
  const literal = `'${original.canonical.replaceAll("'", "''")}'`;
  await db.execute(
    sql.raw(`create or replace function audit_log_canonical(entry audit_log) returns text
      language sql stable set timezone to 'UTC' as $fn$
        select case when entry.id = ${Number(id)} then ${literal}
        else (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)::text
              from jsonb_each(to_jsonb(entry) - 'prev_hash' - 'hash' - 'chain_seq')
              where value <> 'null'::jsonb) end
      $fn$`),
  );
  const row = await tamperWithAuditRow(db, id, details);
  return {
    restore: async () => {
      await row.restore();
      await db.execute(sql.raw(original.definition));
    },
  };
}

/** Whether the database's own functions still find row `id`'s stored hash right. */
export async function databaseHashMatches(db: Executor, id: number): Promise<boolean> {
  const [row] = await sqlRows<{ matches: boolean }>(
    db,
    sql`select audit_log_hash(prev_hash, a) = hash as matches from audit_log a where a.id = ${id}`,
  );
  return row?.matches === true;
}

/** Removes one audit row past its triggers; `restore` puts the very same row back. */
export async function removeAuditRow(db: Executor, id: number) {
  const [saved] = (
    (await db.execute(sql`select to_jsonb(a) as row from audit_log a where id = ${id}`)) as {
      rows: { row: unknown }[];
    }
  ).rows;
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await tx.execute(sql`delete from audit_log where id = ${id}`);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  });
  return {
    restore: () =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into audit_log select * from jsonb_populate_record(null::audit_log, ${JSON.stringify(saved?.row)}::jsonb)`,
        );
      }),
  };
}

/** Runs `npm run audit:verify`'s source with `env`; answers its exit code and output. */
export function runAuditVerify(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/audit-verify.ts'],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
