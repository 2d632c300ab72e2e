import type { Config } from '../config';
import { createLocalStorage, type FileStorage } from './storage';

/**
 * The configured driver. The S3 one is loaded only when chosen (its SDK is large); it imports
 * the storage type alone, so the drivers never import this chooser back.
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.storage.driver === 'local') return createLocalStorage(config.storage.dir);
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage(config.storage);
}
