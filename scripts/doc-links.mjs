// Every relative link in README.md, bench/README.md and docs/*.md leads to a file that exists
// and, when it names an anchor (`file.md#heading`), to a heading of that file. Run by `npm test`
// through doc-links.test.mjs; `node scripts/doc-links.mjs` prints the broken ones.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The documents checked: the README, the benchmarks' README and every file in docs/. */
export function documents(base = root) {
  const docs = path.join(base, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .map((name) => path.join(docs, name))
    : [];
  return [path.join(base, 'README.md'), path.join(base, 'bench', 'README.md'), ...inDocs].filter(
    (file) => existsSync(file),
  );
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code blocks), with GitHub's -1, -2 suffixes. */
export function anchors(text) {
  const seen = new Map();
  const out = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

/** The links of a Markdown text (inline `[text](target)`), outside code blocks and code spans. */
export function links(text) {
  const out = [];
  let fenced = false;
  for (const [index, line] of text.split('\n').entries()) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const plain = line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    for (const match of plain.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      out.push({ line: index + 1, target: match[1] });
    }
  }
  return out;
}

/** Every broken relative link of the given files: `file:line: target (why)`. */
export function brokenLinks(files = documents()) {
  const broken = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const { line, target } of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [pathPart, anchor] = target.split('#', 2);
      const resolved = pathPart ? path.resolve(path.dirname(file), decodeURI(pathPart)) : file;
      const where = `${path.relative(root, file)}:${line}: ${target}`;
      if (!existsSync(resolved)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (anchor === undefined || statSync(resolved).isDirectory()) continue;
      if (!resolved.endsWith('.md')) continue;
      if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
        broken.push(`${where} (no such heading)`);
      }
    }
  }
  return broken;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const broken = brokenLinks();
  for (const line of broken) console.error(line);
  process.exitCode = broken.length > 0 ? 1 : 0;
}
