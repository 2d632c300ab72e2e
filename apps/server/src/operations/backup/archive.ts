import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { OperationError } from '../operation-error';
import { decryptingStream, encryptingStream } from './archive-encryption';

/**
 * A backup is one gzip-compressed tar, encrypted whole under the archive's passphrase
 * (archive-encryption.ts): a format marker first, then the database, the evidence files and
 * (optionally) the keys, and last a manifest with the size and SHA-256 of every other entry.
 * The encryption authenticates every byte, the manifest included; the manifest's checksums tie
 * each entry to it. A restore decrypts and unpacks everything into a private folder and checks
 * it against the manifest before it changes anything.
 */
export const FORMAT = { format: 'candor-backup', version: 2 } as const;
const MARKER = 'candor-backup.json';
export const MANIFEST = 'manifest.json';
export const KEYS_ENTRY = 'keys.json';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** Only these paths may appear in an archive: nothing can be written outside the folder. */
function isAllowedPath(name: string) {
  if (name === MARKER || name === MANIFEST || name === KEYS_ENTRY) return true;
  const [folder, file, ...rest] = name.split('/');
  return (
    rest.length === 0 &&
    (folder === 'database' || folder === 'evidence') &&
    file !== undefined &&
    SAFE_NAME.test(file) &&
    !file.includes('..')
  );
}

export const entrySchema = z.object({
  path: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Entry = z.infer<typeof entrySchema>;

function hashing(onDone: (sha256: string, size: number) => void) {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onDone(hash.digest('hex'), size);
      callback();
    },
  });
}

export type ArchiveWriter = {
  addBuffer(name: string, data: Buffer): Promise<void>;
  addFile(name: string, file: string): Promise<void>;
  /** An entry of `size` bytes read from `source` (which must give exactly that many). */
  addStream(name: string, size: number, source: Readable): Promise<void>;
  /** Writes the manifest (given the entries so far) and moves the archive into place. */
  finish(manifest: (entries: Entry[]) => unknown): Promise<void>;
  abort(): Promise<void>;
};

/**
 * Writes to `<out>.partial` and renames at the end: a failed backup leaves no archive behind.
 * Encrypted from the first byte: no part of the archive is ever on disk in the clear.
 */
export async function createArchiveWriter(out: string, passphrase: string): Promise<ArchiveWriter> {
  if (existsSync(out)) {
    throw new OperationError(`${out} exists already: give the backup a new file name.`);
  }
  const encrypt = await encryptingStream(passphrase);
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  const partial = `${out}.partial`;
  const pack = tar.pack();
  const written = pipeline(
    pack,
    createGzip(),
    encrypt,
    createWriteStream(partial, { mode: 0o600 }),
  );
  // Reported by finish() or abort(); never left unhandled meanwhile.
  written.catch(() => {});
  const entries: Entry[] = [];

  const add = async (name: string, size: number, source: Readable) => {
    if (!isAllowedPath(name)) throw new Error(`Not an archive path: ${name}`);
    let entry: Entry | undefined;
    const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) });
    await pipeline(
      source,
      hashing((sha256, length) => {
        entry = { path: name, size: length, sha256 };
      }),
      sink,
    );
    if (!entry || entry.size !== size) throw new Error(`${name} changed while it was archived`);
    if (name !== MARKER) entries.push(entry);
  };
  const addBuffer = (name: string, data: Buffer) => {
    const source = new PassThrough();
    source.end(data);
    return add(name, data.length, source);
  };
  await addBuffer(MARKER, Buffer.from(JSON.stringify(FORMAT)));

  return {
    addBuffer,
    addFile: async (name, file) => add(name, (await stat(file)).size, createReadStream(file)),
    addStream: add,
    finish: async (manifest) => {
      await addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest(entries), null, 2)));
      pack.finalize();
      await written;
      await rename(partial, out);
    },
    abort: async () => {
      pack.destroy();
      await written.catch(() => {});
      await rm(partial, { force: true });
    },
  };
}

const damaged = (why: string) =>
  new OperationError(
    `The archive is damaged or is not a Candor backup (${why}). Nothing was restored.`,
  );

/** Held in memory, never written to the unpacking folder: the keys, when the archive has them. */
const IN_MEMORY = new Set([KEYS_ENTRY]);

export type Unpacked<T> = { manifest: T; keys: Buffer | null };

/**
 * Decrypts `file` with `passphrase` and unpacks it into `dir` (which must be private and
 * empty), then checks every entry against the manifest: an archive that does not authenticate,
 * or a missing, extra, truncated or altered entry, refuses the whole archive. Answers the parsed
 * manifest, and the keys entry (kept in memory) if there is one.
 */
export async function unpackArchive<T extends { entries: Entry[] }>(
  file: string,
  dir: string,
  manifestSchema: z.ZodType<T>,
  passphrase: string,
): Promise<Unpacked<T>> {
  const seen = new Map<string, Entry>();
  const held = new Map<string, Buffer>();
  let isFirst = true;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    const fail = (error: Error) => {
      stream.resume();
      next(error);
    };
    if (isFirst && name !== MARKER) return fail(damaged('it does not start with its marker'));
    isFirst = false;
    if (header.type !== 'file' || !isAllowedPath(name)) {
      return fail(damaged(`unexpected entry ${JSON.stringify(name)}`));
    }
    if (seen.has(name)) return fail(damaged(`${name} appears twice`));
    if (IN_MEMORY.has(name)) {
      const chunks: Buffer[] = [];
      const keep = new PassThrough();
      keep.on('data', (chunk: Buffer) => chunks.push(chunk));
      pipeline(
        stream,
        hashing((sha256, size) => seen.set(name, { path: name, size, sha256 })),
        keep,
      ).then(() => {
        held.set(name, Buffer.concat(chunks));
        next();
      }, fail);
      return;
    }
    const target = path.join(dir, name);
    mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      .then(() =>
        pipeline(
          stream,
          hashing((sha256, size) => seen.set(name, { path: name, size, sha256 })),
          createWriteStream(target, { mode: 0o600 }),
        ),
      )
      .then(() => next(), fail);
  });
  const decrypted = await decryptingStream(file, passphrase);
  try {
    await pipeline(decrypted.plain, createGunzip(), extract);
  } catch (error) {
    if (decrypted.failedAuthentication()) {
      throw damaged(
        'it does not authenticate under its passphrase: it was altered, cut short or lengthened',
      );
    }
    if (error instanceof OperationError) throw error;
    throw damaged((error as Error).message);
  }
  if (!seen.has(MARKER)) throw damaged('it is empty');
  const marker = await readJson(path.join(dir, MARKER));
  if (marker.format !== FORMAT.format) throw damaged('no Candor marker');
  if (marker.version !== FORMAT.version) {
    throw new OperationError(
      `This backup has format version ${marker.version}; this version of Candor reads version ` +
        `${FORMAT.version}. Restore it with the version of Candor that made it.`,
    );
  }
  if (!seen.has(MANIFEST)) throw damaged('its manifest is missing: the file was cut short');
  let manifest: T;
  try {
    manifest = manifestSchema.parse(await readJson(path.join(dir, MANIFEST)));
  } catch {
    throw damaged('its manifest is not readable');
  }
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path);
    if (!found) throw damaged(`${entry.path} is missing`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw damaged(`${entry.path} does not match its checksum`);
    }
  }
  for (const name of seen.keys()) {
    if (name !== MARKER && name !== MANIFEST && !listed.has(name)) {
      throw damaged(`${name} is not in its manifest`);
    }
  }
  return { manifest, keys: held.get(KEYS_ENTRY) ?? null };
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Encrypts the archive `input` anew under `newPassphrase` into `out` (written to `<out>.partial`
 * and renamed when whole): the passphrase's rotation for archives already made. Every chunk is
 * authenticated under the old passphrase on the way, so an altered archive is not carried over.
 */
export async function reencryptArchive(
  input: string,
  out: string,
  passphrases: { old: string; new: string },
): Promise<void> {
  if (existsSync(out)) {
    throw new OperationError(`${out} exists already: give the new archive a new file name.`);
  }
  const decrypted = await decryptingStream(input, passphrases.old, 'Nothing was written.');
  const encrypt = await encryptingStream(passphrases.new);
  const partial = `${out}.partial`;
  try {
    await pipeline(decrypted.plain, encrypt, createWriteStream(partial, { mode: 0o600 }));
  } catch (error) {
    await rm(partial, { force: true });
    if (decrypted.failedAuthentication()) {
      throw new OperationError(
        `${input} does not authenticate under its passphrase: it was altered, cut short or ` +
          'lengthened. Nothing was written.',
      );
    }
    throw error;
  }
  await rename(partial, out);
}
