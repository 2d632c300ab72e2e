import type { Config } from './config';
import { setMediaWorkers } from './lib/evidence/media-jobs';

/**
 * What a server process sets for itself, once, from its configuration, before it builds its app
 * (main.ts). Media files are queued per process, whatever app runs in it, so the pool is the
 * process's to size; buildApp changes nothing outside the app it returns, and tests build many
 * apps in one process.
 */
export function setUpProcess(config: Config) {
  setMediaWorkers(config.uploads.mediaWorkers);
}
