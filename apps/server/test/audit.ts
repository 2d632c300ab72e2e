import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';

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
        await tx.execute(sql`alter table audit_log disable trigger audit_log_chain`);
        await tx.execute(
          sql`insert into audit_log select * from jsonb_populate_record(null::audit_log, ${JSON.stringify(saved?.row)}::jsonb)`,
        );
        await tx.execute(sql`alter table audit_log enable trigger audit_log_chain`);
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
