import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { type FileStorage, isMissingObject } from './storage';

type S3Config = Extract<Config['storage'], { driver: 's3' }>;

/** S3-compatible object storage, for deployments with several servers. */
export function createS3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const Bucket = config.bucket;
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  };
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data }));
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!answer.Body) throw new Error(`Empty object ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    delete: remove,
    async check() {
      // A read of a key never written: "no such key" proves the bucket answers to these
      // credentials, with the permission every evidence link needs anyway.
      try {
        await client.send(new GetObjectCommand({ Bucket, Key: 'candor-readiness-probe' }));
      } catch (error) {
        if (!isMissingObject(error)) throw error;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key;
          if (!key) continue;
          yield {
            key,
            modifiedAt: object.LastModified ?? new Date(0),
            remove: () => remove(key),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
