import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ArchiveEntry,
  readArchive,
  swapPasswordHash,
  withConsistentManifest,
  writePlainArchive,
  writeSealedArchive,
} from '../../../test/archive-tamper';
import {
  backupSites,
  expectUntouched,
  type Filed,
  fileSomeReports,
  PASSPHRASE,
  SUPERUSER,
} from '../../../test/backup-site';
import { newFolder, runCommand } from '../../../test/cli-process';
import { loadConfig } from '../../config';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { OperationError } from '../operation-error';
import { restoreBackup } from './restore';

// The tamperer (docs/design.md "Adversaries") holds an archive but not its passphrase. They edit
// what a restore would trust: root's password hash, an evidence file, the manifest, the list of
// entries; they recompute every checksum a manifest can carry, and pack the result as they can.
// Every such archive is refused whole before anything is written. A second part opens a fresh
// archive with plain tools and finds nothing readable in it. On both databases.

const sites = backupSites();
const TAMPERER_PASSWORD = 'tamperer-password-1';
const TAMPERER_PASSPHRASE = 'the tamperer has a passphrase of their own';

let source: Record<string, string>;
let filed: Filed;
const archives = { genuine: '', other: '' };
let entries: ArchiveEntry[];
let work: string;

beforeAll(async () => {
  source = {
    ...(await sites.env('tsource')),
    SUPERUSER_USERNAME: SUPERUSER.username,
    SUPERUSER_PASSWORD: SUPERUSER.password,
  };
  const server = await sites.start(source);
  // A photo of noise: its file stays large once re-encoded, so the archive spans many chunks.
  const noise = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 64 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  filed = await fileSomeReports(server, {
    identifiedEvidence: { name: 'door.jpg', type: 'image/jpeg', data: noise },
  });
  if (sites.isEmbedded) await sites.stop(server);
  work = newFolder('tamper');
  archives.genuine = path.join(work, 'genuine.tar.gz.age');
  archives.other = path.join(work, 'other.tar.gz.age');
  for (const [out, extra] of [
    [archives.genuine, ['--include-keys']],
    [archives.other, []],
  ] as const) {
    const made = await runCommand('backup', ['--out', out, ...extra], {
      ...source,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(made.code, made.output).toBe(0);
  }
  if (!sites.isEmbedded) await sites.stop(server);
  entries = await readArchive(archives.genuine, PASSPHRASE);
}, 600_000);

/** The target holds nothing after a refused restore: no data folder content, no table. */
async function expectNothingRestored(target: Record<string, string>) {
  expectUntouched(target);
  if (!target.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: target.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S')`,
    );
    expect(rows[0]?.count).toBe(0);
  } finally {
    await client.end();
  }
}

let targets = 0;
/** Restores `file` in this process, as `npm run restore` does, into a new empty site. */
async function restoreInto(file: string, passphrase = PASSPHRASE) {
  targets += 1;
  const target = await sites.env(`t${targets}`);
  try {
    await restoreBackup(loadConfig(target), {
      file,
      passphrase: async () => passphrase,
      log: () => {},
    });
    return { target, error: null };
  } catch (error) {
    return { target, error: error as Error };
  }
}

async function expectRefused(file: string, why: string) {
  const { target, error } = await restoreInto(file);
  expect(error, `${why}: restored`).toBeInstanceOf(OperationError);
  expect(error?.message, why).toMatch(/Nothing was (restored|changed)\./);
  await expectNothingRestored(target);
  return error as Error;
}

/** Root's password hash in a restored site, read with plain SQL. */
async function rootPasswordHash(target: Record<string, string>): Promise<string> {
  const query = 'select password_hash from users where username = $1';
  if (target.DATABASE_URL) {
    const client = new pg.Client({ connectionString: target.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(query, [SUPERUSER.username])).rows[0]?.password_hash;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(target.DATA_DIR as string, 'pglite'));
  try {
    const result = await db.query<{ password_hash: string }>(query, [SUPERUSER.username]);
    return result.rows[0]?.password_hash as string;
  } finally {
    await db.close();
  }
}

const evidenceEntries = () => entries.filter((entry) => entry.name.startsWith('evidence/'));

describe('an edited archive (the tamperer)', { timeout: 600_000 }, () => {
  it('with root’s password hash swapped and every checksum recomputed, is refused and writes nothing', async () => {
    const forged = withConsistentManifest(
      await swapPasswordHash(entries, SUPERUSER.username, await hashPassword(TAMPERER_PASSWORD)),
    );
    const plain = await writePlainArchive(forged, path.join(work, 'root-swapped.tar.gz'));
    const sealed = await writeSealedArchive(
      forged,
      path.join(work, 'root-swapped.tar.gz.age'),
      TAMPERER_PASSPHRASE,
    );
    for (const file of [plain, sealed]) {
      const target = await sites.env(`swap${path.extname(file).slice(1)}`);
      const result = await runCommand('restore', [file], {
        ...target,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(result.output, file).not.toMatch(/Restore complete/);
      expect(result.output, file).toMatch(/Nothing was restored\./);
      expect(result.code, file).toBe(1);
      await expectNothingRestored(target);
    }
  });

  it('refuses every edit a plain checksum cannot tell, packed as the tamperer can pack it', async () => {
    const [first, second] = evidenceEntries();
    if (!first || !second) throw new Error('two evidence files expected');
    const edits: Record<string, ArchiveEntry[]> = {
      // A stored file replaced: an administrator would open the tamperer's file.
      'an evidence file changed': withConsistentManifest(
        entries.map((entry) =>
          entry === first ? { ...entry, data: Buffer.from('the tamperer’s file') } : entry,
        ),
      ),
      // The manifest says a report was deleted while the backup ran: the restore would delete it.
      'the manifest changed': withConsistentManifest(entries, (manifest) => {
        manifest.evidence.deletedDuringBackup = [first.name.slice('evidence/'.length)];
      }),
      'an entry removed': withConsistentManifest(entries.filter((entry) => entry !== second)),
      'an entry added': withConsistentManifest([
        ...entries.filter((entry) => entry.name !== 'manifest.json'),
        { name: 'evidence/planted.bin', data: Buffer.from('planted') },
        ...entries.filter((entry) => entry.name === 'manifest.json'),
      ]),
    };
    for (const [why, edited] of Object.entries(edits)) {
      const name = why.replaceAll(' ', '-');
      await expectRefused(
        await writePlainArchive(edited, path.join(work, `${name}.tar.gz`)),
        `${why}, plain`,
      );
      await expectRefused(
        await writeSealedArchive(edited, path.join(work, `${name}.age`), TAMPERER_PASSPHRASE),
        `${why}, under another passphrase`,
      );
    }
  });

  it('refuses the genuine archive’s bytes edited, cut, lengthened or spliced', async () => {
    const genuine = readFileSync(archives.genuine);
    const other = readFileSync(archives.other);
    // The encrypted stream: a header ending in "--- <mac>\n", then chunks of 64 KiB + 16.
    const headerEnd = genuine.indexOf('\n', genuine.indexOf('\n--- ') + 1) + 1;
    const chunk = 64 * 1024 + 16;
    expect(headerEnd).toBeGreaterThan(0);
    expect(genuine.length).toBeGreaterThan(headerEnd + 3 * chunk);
    const flipped = (at: number) => {
      const copy = Buffer.from(genuine);
      copy[at] = (copy[at] as number) ^ 0x01;
      return copy;
    };
    const otherHeaderEnd = other.indexOf('\n', other.indexOf('\n--- ') + 1) + 1;
    const variants: Record<string, Buffer> = {
      'a header byte flipped': flipped(40),
      'a byte of the first chunk flipped': flipped(headerEnd + 100),
      'a byte in the middle flipped': flipped(Math.floor((headerEnd + genuine.length) / 2)),
      'a chunk removed': Buffer.concat([
        genuine.subarray(0, headerEnd + chunk),
        genuine.subarray(headerEnd + 2 * chunk),
      ]),
      'cut short': genuine.subarray(0, headerEnd + 2 * chunk),
      'a chunk appended': Buffer.concat([
        genuine,
        other.subarray(otherHeaderEnd, otherHeaderEnd + chunk),
      ]),
      'spliced with another archive under the same passphrase': Buffer.concat([
        genuine.subarray(0, headerEnd + chunk),
        other.subarray(otherHeaderEnd + chunk),
      ]),
    };
    for (const [why, bytes] of Object.entries(variants)) {
      const file = path.join(work, `${why.replaceAll(' ', '-')}.age`);
      writeFileSync(file, bytes);
      await expectRefused(file, why);
    }
  });

  it('checks the entries against the manifest inside the encryption too', async () => {
    const [first] = evidenceEntries();
    if (!first) throw new Error('an evidence file expected');
    const inconsistent: Record<string, ArchiveEntry[]> = {
      'an evidence file changed': entries.map((entry) =>
        entry === first ? { ...entry, data: Buffer.from('changed') } : entry,
      ),
      'an entry missing': entries.filter((entry) => entry !== first),
      // After the marker, which comes first.
      'an entry not in the manifest': [
        ...entries.slice(0, 1),
        { name: 'evidence/planted.bin', data: Buffer.from('planted') },
        ...entries.slice(1),
      ],
    };
    for (const [why, edited] of Object.entries(inconsistent)) {
      const file = await writeSealedArchive(
        edited,
        path.join(work, `inner-${why.replaceAll(' ', '-')}.age`),
        PASSPHRASE,
      );
      const error = await expectRefused(file, why);
      expect(error.message, why).toMatch(/archive is damaged/);
    }
  });

  it('restores a genuine archive, and the forgery too once sealed with the real passphrase', async () => {
    const genuine = await restoreInto(archives.genuine);
    expect(genuine.error).toBeNull();
    expect(await verifyPassword(await rootPasswordHash(genuine.target), SUPERUSER.password)).toBe(
      true,
    );
    // The forgery itself is sound: only the passphrase keeps it out. Whoever holds the passphrase
    // can make an archive, so it is kept as the keys are.
    const forged = withConsistentManifest(
      await swapPasswordHash(entries, SUPERUSER.username, await hashPassword(TAMPERER_PASSWORD)),
    );
    const file = await writeSealedArchive(forged, path.join(work, 'forged-real.age'), PASSPHRASE);
    const restored = await restoreInto(file);
    expect(restored.error).toBeNull();
    expect(await verifyPassword(await rootPasswordHash(restored.target), TAMPERER_PASSWORD)).toBe(
      true,
    );
  });
});

/** Everything plain tools get out of `file`: its bytes, what gzip and tar unpack, and within. */
function readWithPlainTools(file: string): { tarOk: boolean; gzipOk: boolean; bytes: Buffer[] } {
  const bytes: Buffer[] = [readFileSync(file)];
  const gunzipped = spawnSync('gzip', ['-dc', file], { maxBuffer: 1 << 30 });
  if (gunzipped.stdout?.length) bytes.push(gunzipped.stdout);
  const into = newFolder('plain-tools');
  const untarred = spawnSync('tar', ['-xzf', file, '-C', into]);
  for (const name of readdirSync(into, { recursive: true }) as string[]) {
    const inner = path.join(into, name);
    if (!statSync(inner).isFile()) continue;
    bytes.push(readFileSync(inner));
    // A compressed entry (the embedded database's own dump) is opened as well.
    const nested = spawnSync('gzip', ['-dc', inner], { maxBuffer: 1 << 30 });
    if (nested.status === 0) bytes.push(nested.stdout);
  }
  return { tarOk: untarred.status === 0, gzipOk: gunzipped.status === 0, bytes };
}

describe('a fresh archive (the dump reader)', { timeout: 600_000 }, () => {
  it('is encrypted whole: tar, gzip and a search find no title, name, message or table bytes', async () => {
    const read = readWithPlainTools(archives.genuine);
    expect(read.tarOk, 'tar unpacks the archive').toBe(false);
    expect(read.gzipOk, 'gzip opens the archive').toBe(false);
    const haystack = Buffer.concat(read.bytes);
    const needles = [
      SUPERUSER.username,
      filed.reporter.username,
      ...filed.reports.flatMap((report) => [report.title, report.description, report.token]),
      ...Object.values(filed.messages).flat(),
      'candor-backup',
      'manifest.json',
      'password_hash',
      '$argon2id$',
      'PG_VERSION',
    ];
    for (const needle of needles) {
      expect(haystack.includes(Buffer.from(needle)), needle).toBe(false);
      const grep = spawnSync('grep', ['-a', '-c', '-F', needle, archives.genuine]);
      expect(grep.stdout.toString().trim(), `grep ${needle}`).toBe('0');
    }
    // The raw bytes of every table and file the archive holds (read here with the passphrase)
    // appear nowhere in it: 48-byte pieces of each, from start to end.
    for (const entry of entries) {
      const step = Math.max(48, Math.floor(entry.data.length / 16));
      for (let at = 0; at + 48 <= entry.data.length; at += step) {
        const piece = entry.data.subarray(at, at + 48);
        expect(haystack.includes(piece), `${entry.name} at ${at}`).toBe(false);
      }
    }
    const users = entries.find((entry) => entry.name === 'database/users.copy');
    if (users) {
      const line = users.data
        .toString('utf8')
        .split('\n')
        .find((row) => row.includes(SUPERUSER.username));
      expect(line).toBeTruthy();
      expect(haystack.includes(Buffer.from(line as string))).toBe(false);
    }
  });
});
