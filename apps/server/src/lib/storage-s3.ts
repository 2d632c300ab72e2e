import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import type { FileStorage } from './storage';

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
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data }));
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!answer.Body) throw new Error(`Empty object ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
