import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const readme = path.join(import.meta.dirname, '..', 'README.md');

/** Replaces the section `## <title>` of bench/README.md with the latest figures. */
export async function recordResult(title: string, table: string) {
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const section = `## ${title}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine}.\n\n${table}\n`;
  let text = await readFile(readme, 'utf8').catch(() => '# Benchmarks\n');
  const start = text.indexOf(`## ${title}\n`);
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const next = text.indexOf('\n## ', start + 1);
    text = `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next)}`;
  }
  await writeFile(readme, text);
}
