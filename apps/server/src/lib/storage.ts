import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One stored object, as a listing sees it. */
export type StoredObject = { key: string; modifiedAt: Date; remove(): Promise<void> };

/** Where evidence files live. Bytes handed to it are already encrypted. */
export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Everything stored, leftovers of interrupted writes included, for the orphan sweep. */
  list(): AsyncIterable<StoredObject>;
  /** Throws unless files can be stored now (the folder is writable, the bucket answers). */
  check(): Promise<void>;
};

/** A storage read of a file that is not there: the local driver's ENOENT, S3's NoSuchKey. */
export function isMissingObject(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound';
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export function createLocalStorage(dir: string): FileStorage {
  const fileOf = (key: string) => {
    checkKey(key);
    // Two levels of fan-out keep any one folder small.
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      await writeFile(partial, data, { mode: 0o600 });
      await rename(partial, file);
    },
    get: (key) => readFile(fileOf(key)),
    delete: (key) => rm(fileOf(key), { force: true }),
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    },
    async *list() {
      for (const folder of await entriesOf(dir)) {
        if (!folder.isDirectory()) continue;
        for (const entry of await entriesOf(path.join(dir, folder.name))) {
          if (!entry.isFile()) continue;
          const file = path.join(dir, folder.name, entry.name);
          const info = await stat(file).catch(() => null);
          if (!info) continue;
          // A `.partial` file is a write a crash interrupted: never a report's file.
          yield {
            key: entry.name,
            modifiedAt: info.mtime,
            remove: () => rm(file, { force: true }),
          };
        }
      }
    },
  };
}
