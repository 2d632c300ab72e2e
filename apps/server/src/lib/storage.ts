import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where evidence files live (DESIGN.md "Data"). Bytes handed to it are already encrypted. */
export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
};

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
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
  };
}
