import { existsSync } from 'node:fs';
import path from 'node:path';
import type S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { s3StorageEnv, startS3Server } from '../../../test/s3';
import { loadConfig } from '../../config';
import { createStorage } from '../../lib/create-storage';

// The backup round trip of a site whose evidence lives in an S3 bucket: a real server files
// reports with evidence into a bucket of a real S3-compatible server (s3rver, from npm), the
// backup and restore commands run as processes, and a server started on the restored data and a
// second, empty bucket must serve the same reports, messages, files and logins.

const sites = backupSites();
const SOURCE_BUCKET = 'evidence';
const RESTORED_BUCKET = 'evidence-restored';
const doorPhoto = {
  name: 'door.png',
  type: 'image/png',
  data: readEvidenceFixture('text-chunks.png'),
};

let s3: S3rver;
let endpoint: string;

const bucketEnv = (bucket: string) => s3StorageEnv(endpoint, bucket);

const siteEnv = (label: string, bucket: string) => sites.env(label, bucketEnv(bucket));

/** Every object of `bucket`, key to bytes, read through Candor's own S3 driver. */
async function bucketContents(bucket: string) {
  const storage = await createStorage(
    loadConfig({ DATA_DIR: newFolder('reader'), ...bucketEnv(bucket) }),
  );
  const contents = new Map<string, Buffer>();
  for await (const object of storage.list()) {
    contents.set(object.key, await storage.get(object.key));
  }
  return contents;
}

let source: Record<string, string>;
let filed: Filed;
let archive: string;
let sourceObjects: Map<string, Buffer>;

beforeAll(async () => {
  ({ s3, endpoint } = await startS3Server({
    buckets: [SOURCE_BUCKET, RESTORED_BUCKET],
    // s3rver alone signs a bucket listing over "/bucket" where the AWS SDK signs "/bucket/" (see
    // reports-s3.test.ts); the restore lists the target bucket to prove it empty.
    allowMismatchedSignatures: true,
  }));

  source = {
    ...(await siteEnv('s3-source', SOURCE_BUCKET)),
    SUPERUSER_USERNAME: SUPERUSER.username,
    SUPERUSER_PASSWORD: SUPERUSER.password,
  };
  const server = await sites.start(source);
  filed = await fileSomeReports(server, { identifiedEvidence: doorPhoto });
  // The embedded database belongs to the running server: it is stopped for the backup.
  if (sites.isEmbedded) await sites.stop(server);
  archive = path.join(newFolder('s3-archives'), 'with-keys.tar.gz.age');
  const backup = await runCommand('backup', ['--out', archive, '--include-keys'], {
    ...source,
    BACKUP_PASSPHRASE: PASSPHRASE,
  });
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/: 2 evidence files, keys included/);
  if (!sites.isEmbedded) await sites.stop(server);
  sourceObjects = await bucketContents(SOURCE_BUCKET);
}, 600_000);

afterAll(async () => {
  await s3?.close();
});

describe('backup and restore with evidence in an S3 bucket', { timeout: 600_000 }, () => {
  it('keeps the files of both reports in the bucket, none in the data folder', async () => {
    expect(filed.reports.every((report) => report.evidenceSha256 !== null)).toBe(true);
    expect(sourceObjects.size).toBe(2);
    expectNoLocalEvidence(source);
  });

  it('refuses to restore into a bucket that is not empty, and changes nothing', async () => {
    const target = await siteEnv('s3-full-bucket', SOURCE_BUCKET);
    const result = await runCommand('restore', [archive], {
      ...target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(
      new RegExp(`evidence storage \\(bucket ${SOURCE_BUCKET}\\) is not empty`),
    );
    expect(result.output).toMatch(/Nothing was changed/);
    expectUntouched(target);
    expect(await bucketContents(SOURCE_BUCKET)).toEqual(sourceObjects);
  });

  it('restores into an empty data folder and bucket, and the restored site serves it all', async () => {
    const target = await siteEnv('s3-restored', RESTORED_BUCKET);
    const restored = await runCommand('restore', [archive], {
      ...target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(restored.output).toMatch(/Restored \d+ rows and 2 evidence files/);
    expect(restored.output).toMatch(/Restore complete/);
    expect(restored.code).toBe(0);
    // The same sealed objects under the same keys, in the new bucket only.
    expect(await bucketContents(RESTORED_BUCKET)).toEqual(sourceObjects);
    expectNoLocalEvidence(target);

    const server = await sites.start(target);
    // Logins, both reports with their messages and files (read back from the new bucket), and
    // the anonymous report in its reporter's My Reports; then new reports and messages.
    await expectServed(server, filed);
    await sites.stop(server);
    // What the restored site filed went to its own bucket; the source's is as it was.
    expect((await bucketContents(RESTORED_BUCKET)).size).toBe(3);
    expect(await bucketContents(SOURCE_BUCKET)).toEqual(sourceObjects);
  });
});

function expectNoLocalEvidence(env: Record<string, string>) {
  expect(existsSync(path.join(env.DATA_DIR as string, 'uploads'))).toBe(false);
}
