import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process at a time. This lock file
 * makes a second process stop with a clear message instead of corrupting the data folder.
 */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (probably the Candor server). ` +
        'Stop that process first, or, to create the superuser without stopping it, set ' +
        'SUPERUSER_USERNAME and SUPERUSER_PASSWORD and restart the server.',
    );
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireEmbeddedLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'candor.lock');
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new EmbeddedDatabaseBusyError(pid, dataDir);
    }
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError) throw error;
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
