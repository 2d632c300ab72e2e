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

/**
 * Replaces the section `## <title>` of bench/README.md with the latest figures. With `replacing`,
 * every section whose title starts with it goes too (a bench that labels its runs), so the file
 * keeps the latest figures of each benchmark; earlier ones are in its git history.
 */
export async function recordResult(title: string, table: string, replacing: string = title) {
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const section = `## ${title}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine}.\n\n${table}\n`;
  const text = await readFile(readme, 'utf8').catch(() => '# Benchmarks\n');
  const [head = '', ...sections] = text.split(/^(?=## )/m);
  const isReplaced = (part: string) => {
    const heading = part.slice(3, part.indexOf('\n')).trimEnd();
    return heading === title || heading.startsWith(replacing);
  };
  const at = sections.findIndex(isReplaced);
  const kept = sections.filter((part) => !isReplaced(part));
  kept.splice(at === -1 ? kept.length : at, 0, section);
  const parts = [head, ...kept].map((part) => `${part.trimEnd()}\n`);
  await writeFile(readme, parts.join('\n'));
}
