import { availableParallelism } from 'node:os';

/**
 * Media files processed at once by one server process when `MEDIA_WORKERS` is unset: one fewer
 * than the cores, so a core stays free for the event loop and reads keep answering while videos
 * are remuxed (bench/README.md, "Reads while evidence is processed"); at least one.
 */
export function defaultMediaWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}
