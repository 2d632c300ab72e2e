import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  archives.withKeys = path.join(folder, 'with-keys.tar.gz');
  archives.withoutKeys = path.join(folder, 'without-keys.tar.gz');
  if (sites.isEmbedded) {
    // The embedded database belongs to the running server: the backup says so and writes nothing.
    const refused = await runCommand('backup', ['--out', archives.withKeys], source);
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
  const withoutKeys = await runCommand('backup', ['--out', archives.withoutKeys], source);
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
    expect(result.output).toMatch(/passphrase does not open the keys/);
    expectUntouched(target);
  });

  it('restores a backup without keys beside the secrets.json of its server', async () => {
    const bare = await sites.env('no-keys');
    const refused = await runCommand('restore', [archives.withoutKeys], bare);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/holds no keys/);
    expectUntouched(bare);

    const target = await sites.env('beside-keys');
    copyFileSync(
      path.join(source.DATA_DIR as string, 'secrets.json'),
      path.join(target.DATA_DIR as string, 'secrets.json'),
    );
    const restored = await runCommand('restore', [archives.withoutKeys], target);
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
    const result = await runCommand('restore', [archives.withoutKeys], target);
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
      ['flipped.tar.gz', flipped],
      ['cut.tar.gz', cut],
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
