import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { text } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, testDatabaseUrl } from '../../../test/app';
import { newFolder } from '../../../test/cli-process';
import { createUser, type TestUser } from '../../../test/factories';
import { stagingSealer } from './archive-encryption';
import { exportTables, tableFile } from './database-dump';
import { openPostgresSession } from './sql-session';

// A backup of a PostgreSQL server writes each table to a file before it knows its size, then
// into the archive. What it leaves on disk meanwhile (and after a crash, beside the archives)
// is sealed under a key of the backup process alone: a reader of that folder finds no row.

let user: TestUser;
beforeAll(async () => {
  user = await createUser(await getTestApp());
});

/** Every table of the test database, copied into `dir`, through `through` if given. */
async function stage(dir: string, through?: () => Promise<Duplex>) {
  const session = await openPostgresSession(testDatabaseUrl as string);
  const sizes = new Map<string, number>();
  try {
    await session.query('begin isolation level repeatable read read only');
    await exportTables(session, dir, { through, onTable: (name, bytes) => sizes.set(name, bytes) });
    await session.query('commit');
  } finally {
    await session.close();
  }
  return sizes;
}

const stagedBytes = (dir: string) =>
  Buffer.concat(
    readdirSync(path.join(dir, 'database')).map((name) =>
      readFileSync(path.join(dir, 'database', name)),
    ),
  );

describe('the tables a PostgreSQL backup stages on disk', () => {
  it('are sealed: no username, no table bytes, and they open only in the backup process', async () => {
    // Without sealing the rows are there to read: the search below would find them.
    const plain = newFolder('staged-plain');
    await stage(plain);
    expect(stagedBytes(plain).includes(Buffer.from(user.username))).toBe(true);

    const sealed = newFolder('staged-sealed');
    const sealer = await stagingSealer();
    const sizes = await stage(sealed, sealer.sealing);
    const onDisk = stagedBytes(sealed);
    expect(onDisk.includes(Buffer.from(user.username))).toBe(false);
    const users = readFileSync(tableFile(plain, 'users'));
    expect(users.length).toBeGreaterThan(48);
    expect(onDisk.includes(users.subarray(0, 48))).toBe(false);

    // The process that sealed them reads them back whole, at the size it counted.
    const opened = await text(await sealer.opening(tableFile(sealed, 'users')));
    expect(opened).toContain(user.username);
    expect(Buffer.byteLength(opened)).toBe(sizes.get('users'));
    // Another key (a new process) does not open them.
    const other = await stagingSealer();
    await expect(other.opening(tableFile(sealed, 'users'))).rejects.toThrow(/no identity matched/);
  });
});
