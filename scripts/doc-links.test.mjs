// The README and docs/ lead somewhere: every relative link names a file that exists, and every
// anchor a heading of it. Run by `npm test` (`npm run test:docs`).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { anchors, brokenLinks, documents, slug } from './doc-links.mjs';

test('every relative link in README.md, bench/README.md and docs/*.md leads to a file and heading', () => {
  const files = documents();
  assert.ok(files.some((file) => file.endsWith(`docs${path.sep}operating.md`)));
  assert.deepEqual(brokenLinks(files), []);
});

const scratch = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('a link to a missing file or heading is reported, with its file and line', () => {
  mkdirSync(path.join(scratch, 'docs'));
  writeFileSync(
    path.join(scratch, 'README.md'),
    [
      '# Title',
      '[ok](docs/guide.md#first-steps) [gone](docs/gone.md)',
      '[bad anchor](docs/guide.md#nowhere) [web](https://example.org/x.md)',
      '`[in code](docs/missing.md)`',
    ].join('\n'),
  );
  writeFileSync(
    path.join(scratch, 'docs', 'guide.md'),
    '# Guide\n\n## First steps\n\n[up](../README.md#title)\n',
  );
  const broken = brokenLinks(documents(scratch)).map((line) =>
    line.replace(/^.*README\.md/, 'README.md'),
  );
  assert.deepEqual(broken, [
    'README.md:2: docs/gone.md (no such file)',
    'README.md:3: docs/guide.md#nowhere (no such heading)',
  ]);
});

test('anchors follow GitHub: punctuation dropped, repeated headings numbered', () => {
  assert.equal(slug('Keys and `secrets.json`'), 'keys-and-secretsjson');
  assert.deepEqual([...anchors('# A, b\n## A, b\n```\n# not a heading\n```\n')], ['a-b', 'a-b-1']);
});
