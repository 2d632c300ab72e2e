import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { checkedMigrations } from './database-dump';

/** The migrations as a database migrated by this version records them. */
const recorded = () =>
  readMigrationFiles({ migrationsFolder }).map((migration) => ({
    hash: migration.hash,
    createdAt: String(migration.folderMillis),
  }));

describe('the migrations a backup recorded', () => {
  it('are accepted with the hashes of this version, or those a comment-only edit replaced', () => {
    expect(() => checkedMigrations(recorded())).not.toThrow();
    // Before their first comment lines cited this repository's docs (the same statements).
    const earlier = recorded();
    for (const [index, hash] of [
      [1, '030fd79814a19d684af53fcd20eff205948109a3dbf2a9daae4351acbc9575e2'],
      [6, '4a00c0106c4e3d637377f79db2325fe26a08898ed4df2a1692d7aa53fa9f379c'],
      [11, '8c5d58b9920bce1a9befc4eb478a8a20cabacff73cab58d849cdd877ed2b154a'],
    ] as const) {
      const entry = earlier[index];
      if (entry) entry.hash = hash;
    }
    expect(() => checkedMigrations(earlier)).not.toThrow();
  });

  it('are refused when one differs otherwise, even where an earlier hash is accepted', () => {
    for (const index of [1, 2]) {
      const changed = recorded();
      const entry = changed[index];
      if (entry) entry.hash = 'f'.repeat(64);
      expect(() => checkedMigrations(changed)).toThrow(
        `Migration ${index + 1} of the backup differs from this version's`,
      );
    }
  });
});
