import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * A real S3-compatible server (s3rver, from npm) on a free local port, its files in a throwaway
 * folder, with `buckets` made. `allowMismatchedSignatures`: see reports-s3.test.ts.
 */
export async function startS3Server(
  options: { buckets?: string[]; allowMismatchedSignatures?: boolean } = {},
) {
  const { buckets = ['evidence'], ...rest } = options;
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'candor-s3-')),
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
    ...rest,
  });
  const { port } = await s3.run();
  return { s3, endpoint: `http://127.0.0.1:${port}` };
}

/** The configuration of the S3 storage driver for `bucket` of the s3rver at `endpoint`. */
export function s3StorageEnv(endpoint: string, bucket = 'evidence'): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}
