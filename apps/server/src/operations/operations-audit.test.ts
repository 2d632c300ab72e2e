import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runAuditVerify } from '../../test/audit';
import { backupSites, fileSomeReports, SUPERUSER } from '../../test/backup-site';
import { newFolder, runCommand } from '../../test/cli-process';

// The command-line operations leave audit rows, chained like every other: a real server files
// reports (audit rows of its own), then backup, restore and rotate-keys run as processes, and
// `npm run audit:verify` finds both logs intact. On PGlite each site has its own data folder;
// on PostgreSQL its own database beside TEST_DATABASE_URL's.

const sites = backupSites();
const PASSPHRASE = 'operations audit passphrase';

type AuditRow = {
  actor_user_id: number | null;
  actor_role: string;
  action: string;
  object_type: string;
  object_id: string | null;
  details: Record<string, unknown>;
};

/** The site's audit log in id order, read with plain SQL. */
async function auditRowsOf(env: Record<string, string>): Promise<AuditRow[]> {
  const query = `select actor_user_id, actor_role, action, object_type, object_id, details
    from audit_log order by id`;
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<AuditRow>(query)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(env.DATA_DIR as string, 'pglite'));
  try {
    return (await db.query<AuditRow>(query)).rows;
  } finally {
    await db.close();
  }
}

describe('audit rows of the command-line operations', { timeout: 600_000 }, () => {
  it('backup, restore and rotate-keys each leave one, and the chains stay intact', async () => {
    const source: Record<string, string> = {
      ...(await sites.env('ops-source')),
      SUPERUSER_USERNAME: SUPERUSER.username,
      SUPERUSER_PASSWORD: SUPERUSER.password,
    };
    const server = await sites.start(source);
    await fileSomeReports(server);
    await sites.stop(server);
    const before = await auditRowsOf(source);

    const archive = path.join(newFolder('ops-archive'), 'backup.tar.gz.age');
    const backup = await runCommand('backup', ['--out', archive, '--include-keys'], {
      ...source,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(backup.code, backup.output).toBe(0);
    const afterBackup = await auditRowsOf(source);
    expect(afterBackup.slice(0, before.length)).toEqual(before);
    expect(afterBackup.slice(before.length)).toEqual([
      {
        actor_user_id: null,
        actor_role: 'operator',
        action: 'operations.backup_made',
        object_type: 'platform',
        object_id: null,
        details: {
          database: sites.isEmbedded ? 'pglite' : 'postgres',
          rows: expect.any(Number),
          evidence_files: 1,
          has_keys: true,
        },
      },
    ]);

    const target = await sites.env('ops-restored');
    const restore = await runCommand('restore', [archive], {
      ...target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(restore.code, restore.output).toBe(0);
    const rotate = await runCommand('rotate-keys', [], target);
    expect(rotate.code, rotate.output).toBe(0);

    const restoredRows = await auditRowsOf(target);
    // The archive holds the log as it was before the backup, then the restore and the rotation.
    expect(restoredRows.slice(0, before.length)).toEqual(before);
    expect(restoredRows.slice(before.length)).toEqual([
      {
        actor_user_id: null,
        actor_role: 'operator',
        action: 'operations.backup_restored',
        object_type: 'platform',
        object_id: null,
        details: {
          backup_made_at: expect.any(String),
          database: sites.isEmbedded ? 'pglite' : 'postgres',
          rows: expect.any(Number),
          evidence_files: 1,
        },
      },
      {
        actor_user_id: null,
        actor_role: 'operator',
        action: 'operations.keys_rotated',
        object_type: 'platform',
        object_id: null,
        details: { current_key: 'k2', retired: ['k1'], rewrapped: expect.any(Number) },
      },
    ]);
    // Never a path, a passphrase or a key.
    const text = JSON.stringify([...afterBackup, ...restoredRows]);
    for (const secret of [PASSPHRASE, archive, source.DATA_DIR, target.DATA_DIR]) {
      expect(text).not.toContain(secret);
    }

    for (const env of [source, target]) {
      const verified = await runAuditVerify(env);
      expect(verified.output).toMatch(/The audit log is intact/);
      expect(verified.code).toBe(0);
    }
  });
});
