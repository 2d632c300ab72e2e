import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { testDatabaseUrl } from './app';

export type ThrowawayDatabase = { database: DatabaseHandle; drop(): Promise<void> };

/**
 * A database of its own, migrated, for a test that breaks it (renames a table): an in-memory
 * PGlite, or on the PostgreSQL server a new database beside the run's, dropped afterwards.
 */
export async function openThrowawayDatabase(): Promise<ThrowawayDatabase> {
  if (!testDatabaseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `candor_throwaway_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
