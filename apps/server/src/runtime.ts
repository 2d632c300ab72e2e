import path from 'node:path';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { acquireEmbeddedLock } from './db/embedded-lock';

/**
 * Opens the configured database (PGlite under DATA_DIR unless DATABASE_URL is set) and applies
 * the migrations. Used by the server and by the management commands.
 */
export async function openMigratedDatabase(
  config: Config,
  onError: (error: unknown) => void,
): Promise<{ database: DatabaseHandle; description: string; close: () => Promise<void> }> {
  let release = () => {};
  let description: string;
  if (config.database.url) {
    const url = new URL(config.database.url);
    description = `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } else {
    release = acquireEmbeddedLock(config.dataDir);
    description = `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, 'pglite')}`;
  }
  try {
    const database = await openDatabase({
      url: config.database.url,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.database.poolSize,
      onError,
    });
    await database.migrate();
    return {
      database,
      description,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
