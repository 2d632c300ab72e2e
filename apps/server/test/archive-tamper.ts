import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { Decrypter, Encrypter } from 'age-encryption';
import tar from 'tar-stream';

/**
 * The tamperer's workbench: an archive's entries read into memory, edited, and packed again the
 * ways someone without the passphrase can pack them (a plain gzip-compressed tar, as archives
 * were before they were encrypted, or one encrypted under a passphrase of their own). Tests read
 * a genuine archive with the passphrase, which only makes the tamperer stronger than they are.
 */
export type ArchiveEntry = { name: string; data: Buffer };

const AGE_HEADER = Buffer.from('age-encryption.org/v1\n');

export const isEncrypted = (bytes: Buffer) =>
  bytes.subarray(0, AGE_HEADER.length).equals(AGE_HEADER);

async function decrypt(bytes: Buffer, passphrase: string): Promise<Buffer> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  return Buffer.from(await decrypter.decrypt(new Uint8Array(bytes)));
}

/** The tar inside an archive (gzip-compressed), opened with `passphrase` if it is encrypted. */
export async function innerTarGz(file: string, passphrase: string): Promise<Buffer> {
  const bytes = readFileSync(file);
  return isEncrypted(bytes) ? decrypt(bytes, passphrase) : bytes;
}

/** Every entry of an archive, in order. */
export async function readArchive(file: string, passphrase: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      entries.push({ name: header.name, data: Buffer.concat(chunks) });
      next();
    });
  });
  await pipeline(Readable.from([await innerTarGz(file, passphrase)]), createGunzip(), extract);
  return entries;
}

async function tarGz(entries: ArchiveEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const entry of entries) {
    pack.entry(
      { name: entry.name, size: entry.data.length, mode: 0o600, mtime: new Date(0) },
      entry.data,
    );
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await pipeline(pack, sink);
  return gzipSync(Buffer.concat(chunks));
}

/** Packed as archives were before they were encrypted: a gzip-compressed tar. */
export async function writePlainArchive(entries: ArchiveEntry[], out: string) {
  writeFileSync(out, await tarGz(entries));
  return out;
}

/** Packed and encrypted whole under `passphrase` (the tamperer's own: they lack the real one). */
export async function writeSealedArchive(entries: ArchiveEntry[], out: string, passphrase: string) {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  writeFileSync(out, await encrypter.encrypt(new Uint8Array(await tarGz(entries))));
  return out;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

type Manifest = {
  entries: { path: string; size: number; sha256: string }[];
  evidence: { deletedDuringBackup: string[] };
} & Record<string, unknown>;

export function manifestOf(entries: ArchiveEntry[]): Manifest {
  const entry = entries.find((candidate) => candidate.name === 'manifest.json');
  if (!entry) throw new Error('the archive has no manifest');
  return JSON.parse(entry.data.toString('utf8'));
}

/**
 * The manifest made to agree with the entries: sizes and SHA-256 recomputed, entries gone
 * dropped, entries added listed, and `edit` applied. What a plain checksum cannot resist.
 */
export function withConsistentManifest(
  entries: ArchiveEntry[],
  edit: (manifest: Manifest) => void = () => {},
): ArchiveEntry[] {
  const manifest = manifestOf(entries);
  const listed = entries.filter(
    (entry) => entry.name !== 'manifest.json' && entry.name !== 'candor-backup.json',
  );
  manifest.entries = listed.map((entry) => ({
    path: entry.name,
    size: entry.data.length,
    sha256: sha256(entry.data),
  }));
  edit(manifest);
  const text = Buffer.from(JSON.stringify(manifest, null, 2));
  return [
    ...entries.filter((entry) => entry.name !== 'manifest.json'),
    { name: 'manifest.json', data: text },
  ];
}

/**
 * Root's password hash swapped for `passwordHash`, in the database entry as it is: a line of
 * `database/users.copy` (PostgreSQL), or the users table inside PGlite's dump of its folder.
 */
export async function swapPasswordHash(
  entries: ArchiveEntry[],
  username: string,
  passwordHash: string,
): Promise<ArchiveEntry[]> {
  const copy = entries.find((entry) => entry.name === 'database/users.copy');
  if (copy) {
    const lines = copy.data.toString('utf8').split('\n');
    const at = lines.findIndex((line) => line.split('\t').includes(username));
    if (at < 0) throw new Error(`${username} is not in users.copy`);
    lines[at] = (lines[at] as string).replace(/\$argon2id\$[^\t]+/, passwordHash);
    return entries.map((entry) =>
      entry === copy ? { ...entry, data: Buffer.from(lines.join('\n')) } : entry,
    );
  }
  const dump = entries.find((entry) => entry.name === 'database/pglite-datadir.tar.gz');
  if (!dump) throw new Error('the archive holds no database');
  const db = await PGlite.create('memory://', { loadDataDir: new Blob([dump.data]) });
  try {
    const changed = await db.query('update users set password_hash = $1 where username = $2', [
      passwordHash,
      username,
    ]);
    if (changed.affectedRows !== 1) throw new Error(`${username} is not in the users table`);
    const edited = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    return entries.map((entry) => (entry === dump ? { ...entry, data: edited } : entry));
  } finally {
    await db.close();
  }
}
