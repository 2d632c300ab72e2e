import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** Runs `work`; with a `profileDir`, writes a CPU profile of this process meanwhile, named `name`. */
export async function profiled<T>(
  profileDir: string | undefined,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!profileDir) return work();
  mkdirSync(profileDir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(
      path.join(profileDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`),
      JSON.stringify(profile),
    );
    session.disconnect();
  }
}
