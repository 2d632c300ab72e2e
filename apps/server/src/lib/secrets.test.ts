import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveSecrets } from './secrets';

function configIn(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
}

function freshDir() {
  return mkdtempSync(path.join(tmpdir(), 'candor-secrets-'));
}

const validFile = {
  jwt: 'j'.repeat(64),
  ownerHash: 'o'.repeat(64),
  encryptionKeys: `k1:${Buffer.alloc(32, 3).toString('base64')}`,
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Generates the secrets in a child process whose file writes stop halfway through with SIGKILL,
 * as a power cut or an out-of-memory kill would: answers the signal that ended it.
 */
function generateAndCrashMidWrite(dataDir: string) {
  const script = path.join(freshDir(), 'crash-mid-write.mts');
  writeFileSync(
    script,
    `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const writeSync = fs.writeSync;
const crash = (fd: number, data: string | Uint8Array) => {
  const bytes = Buffer.from(data);
  writeSync(fd, bytes.subarray(0, bytes.length >> 1));
  process.kill(process.pid, 'SIGKILL');
};
fs.writeSync = ((fd: number, data: string | Uint8Array, ...rest: unknown[]) =>
  fd > 2 ? crash(fd, data) : (writeSync as Function)(fd, data, ...rest)) as typeof fs.writeSync;
fs.writeFileSync = ((file: string, data: string) => crash(fs.openSync(file, 'w', 0o600), data)) as typeof fs.writeFileSync;
syncBuiltinESMExports();
const { loadConfig } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../config.ts')).href)});
const { resolveSecrets } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'secrets.ts')).href)});
resolveSecrets(loadConfig({ NODE_ENV: 'test', DATA_DIR: ${JSON.stringify(dataDir)} }), () => {});
`,
  );
  const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return child.signal;
}

describe('secrets.json', () => {
  it('is never left half written by a crash while it is generated: the next start works', () => {
    const dir = freshDir();
    expect(generateAndCrashMidWrite(dir)).toBe('SIGKILL');
    // Either no file or the whole file; never a truncated one that stops every later start.
    const file = path.join(dir, 'secrets.json');
    if (readdirSync(dir).includes('secrets.json')) {
      expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
    }
    const secrets = resolveSecrets(configIn(dir), () => {});
    expect(JSON.parse(readFileSync(file, 'utf8')).jwt).toBe(secrets.jwt);
    // The cut-off temporary file, holding unused key material, is gone too.
    expect(readdirSync(dir)).toEqual(['secrets.json']);
  });

  it('is generated once when missing: private (0600), complete, with no temporary file left', () => {
    const dir = freshDir();
    const messages: string[] = [];
    const first = resolveSecrets(configIn(dir), (message) => messages.push(message));
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['encryptionKeys', 'jwt', 'ownerHash']);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
    expect(messages.join('\n')).toContain('Generated');

    const again = resolveSecrets(configIn(dir), () => {});
    expect(again.jwt).toBe(first.jwt);
    expect(again.ownerHash).toBe(first.ownerHash);
    expect([...again.keyring.keys.keys()]).toEqual([...first.keyring.keys.keys()]);
  });

  it.each([
    ['is not JSON', '{"jwt": "abc", '],
    ['is empty', ''],
    ['lacks a key', JSON.stringify({ ...validFile, encryptionKeys: undefined })],
    ['holds a short secret', JSON.stringify({ ...validFile, jwt: 'short' })],
    ['holds a malformed key', JSON.stringify({ ...validFile, encryptionKeys: 'k1:tooshort' })],
    ['is not an object', '[1, 2, 3]'],
  ])('stops the start with a clear message, and is left as it was, when it %s', (_label, text) => {
    const dir = freshDir();
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, text, { mode: 0o600 });
    expect(() => resolveSecrets(configIn(dir), () => {})).toThrow(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*not (valid|readable)`, 's'),
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
  });

  it('stops the start when the file cannot be read, and leaves it alone', () => {
    const dir = freshDir();
    // A folder in its place: unreadable as a file even for root.
    mkdirSync(path.join(dir, 'secrets.json'));
    writeFileSync(path.join(dir, 'secrets.json', 'keep'), 'x');
    expect(() => resolveSecrets(configIn(dir), () => {})).toThrow(/secrets\.json.*not readable/s);
    expect(readdirSync(path.join(dir, 'secrets.json'))).toEqual(['keep']);
  });

  it('is not read or written when every secret comes from the environment', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'secrets.json'), 'not json at all');
    const secrets = resolveSecrets(
      configIn(dir, {
        JWT_SECRET: validFile.jwt,
        OWNER_HASH_SECRET: validFile.ownerHash,
        ENCRYPTION_KEYS: validFile.encryptionKeys,
      }),
      () => {},
    );
    expect(secrets.jwt).toBe(validFile.jwt);
    expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).toBe('not json at all');
  });

  it('reads a valid file as it is', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify(validFile), { mode: 0o600 });
    const secrets = resolveSecrets(configIn(dir), () => {});
    expect(secrets).toMatchObject({ jwt: validFile.jwt, ownerHash: validFile.ownerHash });
    expect(secrets.keyring.currentId).toBe('k1');
  });
});
