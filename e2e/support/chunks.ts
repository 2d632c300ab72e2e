import { readFileSync } from 'node:fs';
import path from 'node:path';

type Manifest = Record<string, { file: string; name?: string }>;

/**
 * The address pattern of the built chunk Vite named `name` (the build's manifest), to hold back
 * or fail it in a browser test.
 */
export function chunkPattern(name: string): string {
  const manifest = JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', '.vite', 'manifest.json'),
      'utf8',
    ),
  ) as Manifest;
  const chunk = Object.values(manifest).find((entry) => entry.name === name);
  if (!chunk) throw new Error(`The build has no chunk named ${name}`);
  return `**/${chunk.file}`;
}

/** The proof-of-work worker, built as a file of its own (not in the manifest). */
export const PROOF_OF_WORK_WORKER = '**/assets/proof-of-work.worker-*.js';
