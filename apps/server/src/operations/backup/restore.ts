import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config';
import { acquireEmbeddedLock, EmbeddedDatabaseBusyError } from '../../db/embedded-lock';
import { createStorage } from '../../lib/create-storage';
import { parseKeyring } from '../../lib/crypto';
import { problemsWith } from '../../lib/key-check';
import {
  findSecrets,
  keyringSpec,
  type Secrets,
  secretsFileOf,
  writeNewFileAtomically,
} from '../../lib/secrets';
import type { FileStorage } from '../../lib/storage';
import { insertAuditEntry } from '../../modules/audit/audit.service';
import { openMigratedDatabase } from '../../runtime';
import { OperationError } from '../operation-error';
import { unpackArchive } from './archive';
import { pgliteDir } from './backup';
import { type BackupSecrets, readBackupSecrets } from './backup-secrets';
import { checkRowCounts, exportTables, type LogicalDump, loadTables } from './database-dump';
import { type Manifest, manifestSchema, PGLITE_DUMP_ENTRY } from './manifest';
import { openPostgresSession, pgliteSession, type SqlSession } from './sql-session';

export type RestoreOptions = {
  file: string;
  /** The archive's passphrase: asked before anything is read. */
  passphrase: () => Promise<string>;
  log: (message: string) => void;
};

const EMPTY_ONLY = 'A backup is restored only into an empty database and empty storage.';

async function checkPostgresEmpty(session: SqlSession) {
  const [row] = await session.query<{ count: number }>(
    `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where (n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f'))
        or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations')`,
  );
  if ((row?.count ?? 0) > 0) {
    throw new OperationError(
      `The database at DATABASE_URL is not empty (${row?.count} tables and sequences). ` +
        `${EMPTY_ONLY} Create a new database (createdb), point DATABASE_URL at it and run the ` +
        'restore again. Nothing was changed.',
    );
  }
}

async function checkPgliteEmpty(config: Config) {
  const dir = pgliteDir(config);
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new OperationError(
      `${dir} already holds a database. ${EMPTY_ONLY} Move that folder away, or set DATA_DIR ` +
        'to a new folder, and run the restore again. Nothing was changed.',
    );
  }
}

async function checkStorageEmpty(storage: FileStorage, config: Config) {
  for await (const object of storage.list()) {
    const where =
      config.storage.driver === 's3' ? `bucket ${config.storage.bucket}` : config.storage.dir;
    throw new OperationError(
      `The evidence storage (${where}) is not empty (it holds ${object.key}, for one). ` +
        `${EMPTY_ONLY} Nothing was changed.`,
    );
  }
}

/** Whether every key of `archived` is in `configured` with the same bytes. */
function holdsKeys(configured: Secrets['keyring'], archived: Secrets['keyring']) {
  return [...archived.keys].every(([id, key]) => configured.keys.get(id)?.equals(key));
}

/**
 * The secrets the restored data needs: the archive's (its `keys.json`) or, for a
 * backup made without keys, the ones configured here. Keys configured here that differ from the
 * archive's are refused: the restored reports would not open or their reporters would lose
 * them. Answers the archive's secrets to write as secrets.json when none are configured.
 */
function chooseSecrets(
  config: Config,
  manifest: Manifest,
  keys: Buffer | null,
): { secrets: Secrets; toWrite: BackupSecrets | null } {
  const configured = findSecrets(config);
  let result: { secrets: Secrets; toWrite: BackupSecrets | null };
  if (manifest.hasKeys) {
    if (!keys) {
      throw new OperationError(
        'The archive is damaged or is not a Candor backup (its manifest names keys it does not ' +
          'hold). Nothing was restored.',
      );
    }
    let opened: BackupSecrets;
    try {
      opened = readBackupSecrets(keys);
    } catch {
      throw new OperationError(
        'The archive is damaged or is not a Candor backup (its keys are not readable). ' +
          'Nothing was restored.',
      );
    }
    const archived: Secrets = {
      jwt: opened.jwt,
      ownerHash: opened.ownerHash,
      keyring: parseKeyring(opened.encryptionKeys),
    };
    const given = config.secrets;
    const conflicts = [
      given.ownerHash && given.ownerHash !== archived.ownerHash && 'OWNER_HASH_SECRET',
      given.encryptionKeys &&
        !holdsKeys(parseKeyring(given.encryptionKeys), archived.keyring) &&
        'ENCRYPTION_KEYS',
      configured &&
        !given.encryptionKeys &&
        !holdsKeys(configured.keyring, archived.keyring) &&
        'the encryption keys of secrets.json',
      configured &&
        !given.ownerHash &&
        configured.ownerHash !== archived.ownerHash &&
        'the ownerHash of secrets.json',
    ].filter(Boolean);
    if (conflicts.length > 0) {
      throw new OperationError(
        `The backup holds other keys than those configured here (${conflicts.join(', ')}). ` +
          'Unset them (or move secrets.json away) to restore the backup with its own keys. ' +
          'Nothing was changed.',
      );
    }
    result = { secrets: configured ?? archived, toWrite: configured ? null : opened };
  } else {
    if (!configured) {
      throw new OperationError(
        'This backup holds no keys (it was made without --include-keys). Put the secrets.json ' +
          'of the server it came from into DATA_DIR (or set JWT_SECRET, OWNER_HASH_SECRET and ' +
          'ENCRYPTION_KEYS as that server had them), then run the restore again. Nothing was ' +
          'changed.',
      );
    }
    result = { secrets: configured, toWrite: null };
  }
  const absent = manifest.keyIds.filter((id) => !result.secrets.keyring.keys.has(id));
  if (absent.length > 0) {
    throw new OperationError(
      `The backup's data is sealed with encryption key id(s) ${absent.join(', ')}, which the ` +
        'configured keys lack. Add them and run the restore again. Nothing was changed.',
    );
  }
  return result;
}

/** In the load's transaction: what happened during the backup, and the keys that open it. */
async function finishLoad(session: SqlSession, manifest: Manifest, secrets: Secrets) {
  const deleted = manifest.evidence.deletedDuringBackup;
  if (deleted.length > 0) {
    // Their owners deleted them while the backup ran: they stay deleted.
    await session.query('delete from reports where evidence_key = any($1::text[])', [deleted]);
    await session.query('delete from voice_recordings where storage_key = any($1::text[])', [
      deleted,
    ]);
  }
  const rows = await session.query<{ name: string; value: Uint8Array }>(
    'select name, value from key_checks',
  );
  const problems = problemsWith(
    secrets,
    rows.map((row) => ({ name: row.name, value: Buffer.from(row.value) })),
  );
  if (problems.length > 0) {
    throw new OperationError(
      `The keys do not open this backup's data; nothing was restored:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
  }
}

async function loadLogical(
  session: SqlSession,
  dump: LogicalDump,
  dir: string,
  manifest: Manifest,
  secrets: Secrets,
) {
  await session.query('begin');
  try {
    await loadTables(session, dump, dir);
    await finishLoad(session, manifest, secrets);
    await session.query('commit');
  } catch (error) {
    await session.query('rollback').catch(() => {});
    throw error;
  }
}

async function restoreDatabase(
  config: Config,
  manifest: Manifest,
  staging: string,
  secrets: Secrets,
) {
  const url = config.database.url;
  let dump: LogicalDump = manifest.database;
  if (manifest.database.kind === 'pglite-datadir') {
    const blob = new Blob([await readFile(path.join(staging, PGLITE_DUMP_ENTRY))]);
    // Straight into the data folder; or, for a PostgreSQL server, read table by table.
    const db = await PGlite.create(url ? 'memory://' : pgliteDir(config), { loadDataDir: blob });
    const session = pgliteSession(db, () => db.close());
    try {
      await checkRowCounts(session, manifest.database.tables);
      if (!url) {
        await session.query('begin');
        await finishLoad(session, manifest, secrets);
        await session.query('commit');
        return;
      }
      dump = await exportTables(session, staging);
    } finally {
      await session.close();
    }
  }
  const session = url
    ? await openPostgresSession(url)
    : await PGlite.create(pgliteDir(config)).then((db) => pgliteSession(db, () => db.close()));
  try {
    await loadLogical(session, dump, staging, manifest, secrets);
  } finally {
    await session.close();
  }
}

async function checkTargets(config: Config, storage: FileStorage) {
  if (config.database.url) {
    const session = await openPostgresSession(config.database.url);
    try {
      await checkPostgresEmpty(session);
    } finally {
      await session.close();
    }
  } else {
    await checkPgliteEmpty(config);
  }
  await checkStorageEmpty(storage, config);
}

function lockDataDir(config: Config): () => void {
  if (config.database.url) return () => {};
  try {
    return acquireEmbeddedLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    throw new OperationError(
      `The data folder ${config.dataDir} is in use by process ${error.pid} (a Candor server, ` +
        'probably). Stop it; a restore needs an empty data folder that nothing uses. Nothing ' +
        'was changed.',
    );
  }
}

/**
 * Restores an archive made by `createBackup` into an empty database and storage (README
 * "Operating Candor"). Everything is unpacked and checked first; the database is loaded in one
 * transaction (or into a new PGlite folder, removed again on failure) and proven to open with
 * the keys before it is kept; then the migrations of this version are applied.
 */
export async function restoreBackup(config: Config, options: RestoreOptions): Promise<Manifest> {
  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  await chmod(staging, 0o700);
  const unlock = lockDataDir(config);
  let isLocked = true;
  const release = () => {
    if (isLocked) unlock();
    isLocked = false;
  };
  const written: string[] = [];
  let isSecretsFileWritten = false;
  let storage: FileStorage | undefined;
  let isDatabaseWritten = false;
  try {
    const passphrase = await options.passphrase();
    const { manifest, keys } = await unpackArchive(
      options.file,
      staging,
      manifestSchema,
      passphrase,
    );
    options.log(
      `Archive checked: ${manifest.entries.length} entries, made ${manifest.createdAt} from ` +
        `${manifest.database.driver === 'pglite' ? 'an embedded database' : 'PostgreSQL'}.`,
    );
    storage = await createStorage(config);
    await checkTargets(config, storage);
    const { secrets, toWrite } = chooseSecrets(config, manifest, keys);

    for (const entry of manifest.entries) {
      if (!entry.path.startsWith('evidence/')) continue;
      const key = entry.path.slice('evidence/'.length);
      await storage.put(key, await readFile(path.join(staging, entry.path)));
      written.push(key);
    }
    isDatabaseWritten = true;
    await restoreDatabase(config, manifest, staging, secrets);
    if (toWrite) {
      const text = `${JSON.stringify({ ...toWrite, encryptionKeys: keyringSpec(parseKeyring(toWrite.encryptionKeys)) }, null, 2)}\n`;
      if (!writeNewFileAtomically(secretsFileOf(config), text)) {
        throw new OperationError(
          `${secretsFileOf(config)} appeared while restoring: not replaced.`,
        );
      }
      isSecretsFileWritten = true;
      options.log(`Keys written to ${secretsFileOf(config)} (mode 0600).`);
    }
    release();
    const migrated = await openMigratedDatabase(config, () => {});
    try {
      await insertAuditEntry(migrated.database.db, {
        actorUserId: null,
        actorRole: 'operator',
        action: 'operations.backup_restored',
        objectType: 'platform',
        objectId: null,
        details: {
          backup_made_at: manifest.createdAt,
          database: manifest.database.driver,
          rows: manifest.database.tables.reduce((sum, table) => sum + table.rows, 0),
          evidence_files: written.length,
        },
      });
    } finally {
      await migrated.close();
    }
    options.log(
      `Restored ${manifest.database.tables.reduce((sum, table) => sum + table.rows, 0)} rows and ` +
        `${written.length} evidence files into ${migrated.description}.`,
    );
    return manifest;
  } catch (error) {
    if (storage) {
      for (const key of written) await storage.delete(key).catch(() => {});
    }
    if (isDatabaseWritten && !config.database.url) {
      await rm(pgliteDir(config), { recursive: true, force: true });
    }
    if (isSecretsFileWritten) await rm(secretsFileOf(config), { force: true });
    throw error;
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
  }
}
