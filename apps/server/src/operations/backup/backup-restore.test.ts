import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backupSites,
  expectServed,
  expectUntouched,
  type Filed,
  fileSomeReports,
  PASSPHRASE,
  SUPERUSER,
} from '../../../test/backup-site';
import { newFolder, runCommand } from '../../../test/cli-process';

// The whole round trip as an operator runs it: a real server files reports, the backup and
// restore commands run as processes, and a server started on the restored data must serve the
// same reports, messages, files and logins. On PGlite every step has its own data folder; on
// PostgreSQL its own database beside TEST_DATABASE_URL's.

const sites = backupSites();

let source: Record<string, string>;
let filed: Filed;
const archives = { withKeys: '', withoutKeys: '' };

beforeAll(async () => {
  source = {
    ...(await sites.env('source')),
    SUPERUSER_USERNAME: SUPERUSER.username,
    SUPERUSER_PASSWORD: SUPERUSER.password,
  };
  const server = await sites.start(source);
  filed = await fileSomeReports(server);
  const folder = newFolder('archives');
  archives.withKeys = path.join(folder, 'with-keys.tar.gz.age');
  archives.withoutKeys = path.join(folder, 'without-keys.tar.gz.age');
  if (sites.isEmbedded) {
    // The embedded database belongs to the running server: the backup says so and writes nothing.
    const refused = await runCommand('backup', ['--out', archives.withKeys], {
      ...source,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/in use by process \d+.*needs the server stopped/s);
    expect(existsSync(archives.withKeys)).toBe(false);
    await sites.stop(server);
  }
  const withKeys = await runCommand('backup', ['--out', archives.withKeys, '--include-keys'], {
    ...source,
    BACKUP_PASSPHRASE: PASSPHRASE,
  });
  expect(withKeys.output).toMatch(/keys included/);
  expect(withKeys.code).toBe(0);
  const withoutKeys = await runCommand('backup', ['--out', archives.withoutKeys], {
    ...source,
    BACKUP_PASSPHRASE: PASSPHRASE,
  });
  expect(withoutKeys.code, withoutKeys.output).toBe(0);
  if (!sites.isEmbedded) await sites.stop(server);
}, 600_000);

describe('backup and restore', { timeout: 600_000 }, () => {
  it('restores reports, messages, files and logins with the keys from the archive', async () => {
    const target = await sites.env('restored');
    const restored = await runCommand('restore', [archives.withKeys], {
      ...target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(restored.output).toMatch(/Restore complete/);
    expect(restored.code).toBe(0);
    const keys = JSON.parse(
      readFileSync(path.join(target.DATA_DIR as string, 'secrets.json'), 'utf8'),
    );
    const original = JSON.parse(
      readFileSync(path.join(source.DATA_DIR as string, 'secrets.json'), 'utf8'),
    );
    expect(keys).toEqual(original);

    const server = await sites.start(target);
    await expectServed(server, filed);
    await sites.stop(server);

    // Restoring again over what is there now is refused, and changes nothing.
    const again = await runCommand('restore', [archives.withKeys], {
      ...target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty|already holds a database/);
    expect(again.output).toMatch(/Nothing was changed/);
  });

  it('refuses a wrong passphrase and writes nothing', async () => {
    const target = await sites.env('wrong-passphrase');
    const result = await runCommand('restore', [archives.withKeys], {
      ...target,
      BACKUP_PASSPHRASE: 'not the passphrase at all',
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/passphrase does not open this archive/);
    expectUntouched(target);
  });

  it('makes no archive without a passphrase of at least 12 characters', async () => {
    const folder = newFolder('no-passphrase');
    for (const [passphrase, refusal] of [
      [undefined, /No terminal to ask for it: set BACKUP_PASSPHRASE instead/],
      ['too short', /passphrase must be at least 12 characters/],
    ] as const) {
      const out = path.join(folder, 'archive.tar.gz.age');
      const result = await runCommand('backup', ['--out', out], {
        ...source,
        ...(passphrase === undefined ? {} : { BACKUP_PASSPHRASE: passphrase }),
      });
      expect(result.output).toMatch(refusal);
      expect(result.code).toBe(1);
      expect(readdirSync(folder)).toEqual([]);
    }
  });

  it('writes an archive anew under another passphrase, which alone opens it then', async () => {
    const folder = newFolder('rekeyed');
    const rekeyed = path.join(folder, 'rekeyed.tar.gz.age');
    const NEW_PASSPHRASE = 'a passphrase for the next year';
    const wrong = await runCommand('backup', ['--rekey', archives.withKeys, '--out', rekeyed], {
      BACKUP_PASSPHRASE: 'not the passphrase at all',
      BACKUP_NEW_PASSPHRASE: NEW_PASSPHRASE,
    });
    expect(wrong.output).toMatch(/passphrase does not open this archive/);
    expect(wrong.code).toBe(1);
    expect(readdirSync(folder)).toEqual([]);

    const result = await runCommand('backup', ['--rekey', archives.withKeys, '--out', rekeyed], {
      BACKUP_PASSPHRASE: PASSPHRASE,
      BACKUP_NEW_PASSPHRASE: NEW_PASSPHRASE,
    });
    expect(result.code, result.output).toBe(0);
    expect(readdirSync(folder)).toEqual(['rekeyed.tar.gz.age']);

    const old = await sites.env('rekeyed-old');
    const refused = await runCommand('restore', [rekeyed], {
      ...old,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(refused.output).toMatch(/passphrase does not open this archive/);
    expect(refused.code).toBe(1);
    expectUntouched(old);

    const target = await sites.env('rekeyed-new');
    const restored = await runCommand('restore', [rekeyed], {
      ...target,
      BACKUP_PASSPHRASE: NEW_PASSPHRASE,
    });
    expect(restored.output).toMatch(/Restore complete/);
    expect(restored.code).toBe(0);
    const server = await sites.start(target);
    await expectServed(server, filed, false);
    await sites.stop(server);
  });

  it('restores a backup without keys beside the secrets.json of its server', async () => {
    const bare = await sites.env('no-keys');
    const refused = await runCommand('restore', [archives.withoutKeys], {
      ...bare,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/holds no keys/);
    expectUntouched(bare);

    const target = await sites.env('beside-keys');
    copyFileSync(
      path.join(source.DATA_DIR as string, 'secrets.json'),
      path.join(target.DATA_DIR as string, 'secrets.json'),
    );
    const restored = await runCommand('restore', [archives.withoutKeys], {
      ...target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(restored.code, restored.output).toBe(0);
    const server = await sites.start(target);
    await expectServed(server, filed);
    await sites.stop(server);
  });

  it('refuses a backup without keys beside other keys, and leaves nothing behind', async () => {
    const target = await sites.env('other-keys');
    const other = {
      jwt: randomBytes(48).toString('base64url'),
      ownerHash: randomBytes(48).toString('base64url'),
      encryptionKeys: `k1:${randomBytes(32).toString('base64')}`,
    };
    const secretsFile = path.join(target.DATA_DIR as string, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify(other));
    const result = await runCommand('restore', [archives.withoutKeys], {
      ...target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/keys do not open this backup's data/);
    expect(result.output).toMatch(/"k1" is not the key that sealed/);
    expect(JSON.parse(readFileSync(secretsFile, 'utf8'))).toEqual(other);
    rmSync(secretsFile);
    expectUntouched(target);
  });

  it('refuses a damaged or cut-short archive before changing anything', async () => {
    const original = readFileSync(archives.withKeys);
    const folder = newFolder('damaged');
    const flipped = Buffer.from(original);
    const at = Math.floor(flipped.length / 2);
    flipped[at] = (flipped[at] as number) ^ 0xff;
    const cut = original.subarray(0, Math.floor(original.length * 0.8));
    for (const [name, bytes] of [
      ['flipped.age', flipped],
      ['cut.age', cut],
    ] as const) {
      const file = path.join(folder, name);
      writeFileSync(file, bytes);
      const target = await sites.env(`damaged-${name.split('.')[0]}`);
      const result = await runCommand('restore', [file], {
        ...target,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(result.code, name).toBe(1);
      expect(result.output, name).toMatch(/archive is damaged/);
      expectUntouched(target);
    }
  });
});
