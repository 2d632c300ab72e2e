import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config';
import { acquireEmbeddedLock, EmbeddedDatabaseBusyError } from '../../db/embedded-lock';
import { createStorage } from '../../lib/create-storage';
import { findSecrets, keyringSpec } from '../../lib/secrets';
import { type FileStorage, isMissingObject } from '../../lib/storage';
import { recordOperation } from '../operation-audit';
import { OperationError } from '../operation-error';
import { type ArchiveWriter, createArchiveWriter, FORMAT, KEYS_ENTRY } from './archive';
import { checkPassphrase, stagingSealer } from './archive-encryption';
import { type BackupSecrets, backupSecretsSchema } from './backup-secrets';
import {
  appliedMigrations,
  describeTables,
  exportTables,
  type LogicalDump,
  tableFile,
} from './database-dump';
import { evidenceEntry, type Manifest, PGLITE_DUMP_ENTRY } from './manifest';
import { openPostgresSession, pgliteSession, type SqlSession } from './sql-session';
import { readKeyIds, referencedEvidence } from './stored-state';

export type BackupOptions = {
  out: string;
  /** The archive's passphrase: the whole archive is encrypted and authenticated with it. */
  passphrase: string;
  /** Whether the server's secrets go into the archive too. */
  includeKeys: boolean;
  log: (message: string) => void;
};

export type BackupSummary = Pick<Manifest, 'database' | 'evidence' | 'hasKeys' | 'keyIds'>;

type DatabasePart = {
  manifest: Manifest['database'];
  evidenceKeys: string[];
  keyIds: string[];
};

export const pgliteDir = (config: Config) => path.join(config.dataDir, 'pglite');

async function serverVersion(session: SqlSession) {
  const [row] = await session.query<{ version: string }>('select version()');
  return row?.version ?? 'unknown';
}

/**
 * PGlite belongs to one process: the backup opens the folder itself, so the server must be
 * stopped. Its own dump of the data folder is the backup (a file-level copy, exact).
 */
async function backUpPglite(config: Config, writer: ArchiveWriter): Promise<DatabasePart> {
  let release: () => void;
  try {
    release = acquireEmbeddedLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    throw new OperationError(
      `The embedded database in ${config.dataDir} is in use by process ${error.pid} (the ` +
        'Candor server, probably). The embedded database belongs to one process at a time, so a ' +
        'backup of it needs the server stopped: stop it, run the backup, then start it again. ' +
        'To back up while serving, run Candor on a PostgreSQL server (DATABASE_URL). Nothing ' +
        'was written.',
    );
  }
  try {
    if (!existsSync(path.join(pgliteDir(config), 'PG_VERSION'))) {
      throw new OperationError(`There is no Candor database in ${pgliteDir(config)} to back up.`);
    }
    const db = await PGlite.create(pgliteDir(config));
    const session = pgliteSession(db, () => db.close());
    try {
      const migrations = await appliedMigrations(session);
      if (migrations.length === 0) {
        throw new OperationError(`There is no Candor database in ${pgliteDir(config)} to back up.`);
      }
      const tables = await describeTables(session);
      const evidenceKeys = await referencedEvidence(session);
      const keyIds = await readKeyIds(session);
      const version = await serverVersion(session);
      const dump = await db.dumpDataDir('gzip');
      await writer.addBuffer(PGLITE_DUMP_ENTRY, Buffer.from(await dump.arrayBuffer()));
      return {
        manifest: {
          driver: 'pglite',
          kind: 'pglite-datadir',
          serverVersion: version,
          migrations,
          tables,
          sequences: [],
        },
        evidenceKeys,
        keyIds,
      };
    } finally {
      await session.close();
    }
  } finally {
    release();
  }
}

/**
 * A PostgreSQL server keeps serving: every table is copied in one REPEATABLE READ READ ONLY
 * transaction, so the archive is the database as it stood at one instant (as pg_dump does).
 */
async function backUpPostgres(
  url: string,
  staging: string,
  writer: ArchiveWriter,
): Promise<DatabasePart & { session: SqlSession }> {
  const session = await openPostgresSession(url);
  try {
    await session.query('begin isolation level repeatable read read only');
    // The rows wait on disk until their size is known: sealed under a key of this process only.
    const sealer = await stagingSealer();
    const sizes = new Map<string, number>();
    const dump: LogicalDump = await exportTables(session, staging, {
      through: sealer.sealing,
      onTable: (name, bytes) => sizes.set(name, bytes),
    });
    if (dump.migrations.length === 0) {
      throw new OperationError('The database at DATABASE_URL holds no Candor data to back up.');
    }
    for (const table of dump.tables) {
      const file = tableFile(staging, table.name);
      await writer.addStream(
        `database/${table.name}.copy`,
        sizes.get(table.name) ?? 0,
        await sealer.opening(file),
      );
      await rm(file, { force: true });
    }
    return {
      manifest: {
        driver: 'postgres',
        kind: 'copy',
        serverVersion: await serverVersion(session),
        ...dump,
      },
      evidenceKeys: await referencedEvidence(session),
      keyIds: await readKeyIds(session),
      session,
    };
  } catch (error) {
    await session.close();
    throw error;
  }
}

/** Copies every file a stored report names; those gone meanwhile are sorted out by the caller. */
async function copyEvidence(storage: FileStorage, keys: string[], writer: ArchiveWriter) {
  let bytes = 0;
  const absent: string[] = [];
  for (const key of keys) {
    let data: Buffer;
    try {
      data = await storage.get(key);
    } catch (error) {
      if (!isMissingObject(error)) throw error;
      absent.push(key);
      continue;
    }
    await writer.addBuffer(evidenceEntry(key), data);
    bytes += data.length;
  }
  return { files: keys.length - absent.length, bytes, absent };
}

async function recordOnPglite(
  config: Config,
  action: Parameters<typeof recordOperation>[1],
  details: Record<string, unknown>,
) {
  const release = acquireEmbeddedLock(config.dataDir);
  try {
    const db = await PGlite.create(pgliteDir(config));
    const session = pgliteSession(db, () => db.close());
    try {
      await recordOperation(session, action, details);
    } finally {
      await session.close();
    }
  } finally {
    release();
  }
}

export async function createBackup(config: Config, options: BackupOptions): Promise<BackupSummary> {
  checkPassphrase(options.passphrase);
  const secrets = options.includeKeys ? findSecrets(config) : null;
  if (options.includeKeys && !secrets) {
    throw new OperationError(
      'There are no keys to include: neither secrets.json in DATA_DIR nor JWT_SECRET, ' +
        'OWNER_HASH_SECRET and ENCRYPTION_KEYS are there. Nothing was written.',
    );
  }
  const keys: BackupSecrets | null = secrets
    ? backupSecretsSchema.parse({
        jwt: secrets.jwt,
        ownerHash: secrets.ownerHash,
        encryptionKeys: keyringSpec(secrets.keyring),
      })
    : null;

  const writer = await createArchiveWriter(options.out, options.passphrase);
  const staging = await mkdtemp(
    path.join(path.dirname(path.resolve(options.out)), '.candor-backup-'),
  );
  let postgres: SqlSession | undefined;
  try {
    const storage = await createStorage(config);
    let part: DatabasePart;
    if (config.database.url) {
      const result = await backUpPostgres(config.database.url, staging, writer);
      postgres = result.session;
      part = result;
    } else {
      part = await backUpPglite(config, writer);
    }
    options.log(
      `Database copied: ${part.manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows ` +
        `in ${part.manifest.tables.length} tables.`,
    );
    const evidence = await copyEvidence(storage, part.evidenceKeys, writer);
    let deletedDuringBackup: string[] = [];
    let missing = evidence.absent;
    if (postgres) {
      await postgres.query('commit');
      // Outside the snapshot: a file whose report is gone now was deleted with its report.
      const stillNamed = new Set(await referencedEvidence(postgres, evidence.absent));
      missing = evidence.absent.filter((key) => stillNamed.has(key));
      deletedDuringBackup = evidence.absent.filter((key) => !stillNamed.has(key));
    }
    for (const key of missing) {
      options.log(`Warning: evidence file ${key} is named by a report but missing from storage.`);
    }
    if (keys) await writer.addBuffer(KEYS_ENTRY, Buffer.from(JSON.stringify(keys)));
    const summary: BackupSummary = {
      database: part.manifest,
      evidence: {
        storage: config.storage.driver,
        files: evidence.files,
        bytes: evidence.bytes,
        deletedDuringBackup,
        missing,
      },
      keyIds: part.keyIds,
      hasKeys: keys !== null,
    };
    await writer.finish((entries) => ({
      ...FORMAT,
      createdAt: new Date().toISOString(),
      software: { node: process.version },
      ...summary,
      entries,
    }));
    // The audit row goes to the live database, after the copy: the archive holds the state
    // before it. On the embedded database the folder is opened again for it.
    const details = {
      database: part.manifest.driver,
      rows: part.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      evidence_files: evidence.files,
      has_keys: keys !== null,
    };
    if (postgres) await recordOperation(postgres, 'operations.backup_made', details);
    else await recordOnPglite(config, 'operations.backup_made', details);
    return summary;
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await postgres?.close().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}
