// The import rules of .dependency-cruiser.cjs bite: each is broken once in a small tree written
// for the test and must be reported, and the same tree without the breaks passes. Run by
// `npm test` (`npm run test:boundaries`); `npm run lint:boundaries` holds the real tree to them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');

const scratches = [];
after(() => {
  for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path → source) into a fresh folder and returns the rules it breaks. */
async function violationsOf(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  scratches.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const { tsConfig: _webAlias, ...options } = config.options;
  const result = await cruise(['apps'], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  return result.output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

const modules = 'apps/server/src/modules';

/** Two modules, `reports` using `audit` the allowed way, and a web feature with its app. */
const clean = {
  [`${modules}/audit/audit.repository.ts`]: 'export const insert = () => 1;\n',
  [`${modules}/audit/audit.service.ts`]:
    "import { insert } from './audit.repository';\nexport const record = () => insert();\n",
  [`${modules}/reports/reports.service.ts`]:
    "import { record } from '../audit/audit.service';\nexport const file = () => record();\n",
  [`${modules}/reports/report-form.ts`]: 'export const form = 1;\n',
  'apps/web/src/lib/format.ts': 'export const format = (n: number) => String(n);\n',
  'apps/web/src/features/reports/page.tsx':
    "import { format } from '../../lib/format';\nexport const Page = () => format(1);\n",
  'apps/web/src/app/router.tsx':
    "import { Page } from '../features/reports/page';\nexport const routes = [Page];\n",
};

test('the tree that keeps the rules passes', async () => {
  assert.deepEqual(await violationsOf(clean), []);
});

test("a module importing another module's repository is refused", async () => {
  const violations = await violationsOf({
    ...clean,
    [`${modules}/reports/reports.service.ts`]:
      "import { insert } from '../audit/audit.repository';\nexport const file = () => insert();\n",
  });
  assert.deepEqual(violations, [
    `server-repository-own-module: ${modules}/reports/reports.service.ts → ${modules}/audit/audit.repository.ts`,
  ]);
});

test('code outside the modules importing a repository is refused', async () => {
  const violations = await violationsOf({
    ...clean,
    'apps/server/src/plugins/audit-hook.ts':
      "import { insert } from '../modules/audit/audit.repository';\nexport const hook = insert;\n",
  });
  assert.deepEqual(violations, [
    `server-repository-in-modules: apps/server/src/plugins/audit-hook.ts → ${modules}/audit/audit.repository.ts`,
  ]);
});

test('two modules importing each other through different files are refused', async () => {
  // No file imports itself back: the cycle is between the two folders only.
  const violations = await violationsOf({
    ...clean,
    [`${modules}/audit/audit-form.ts`]:
      "import { form } from '../reports/report-form';\nexport const auditForm = form;\n",
  });
  assert.ok(violations.length > 0);
  for (const violation of violations) assert.match(violation, /^server-module-cycles: /);
  assert.ok(violations.some((v) => v.includes(`${modules}/audit → ${modules}/reports`)));
  assert.ok(violations.some((v) => v.includes(`${modules}/reports → ${modules}/audit`)));
});

test('a web feature importing app/, or lib/ importing a feature, is refused', async () => {
  const violations = await violationsOf({
    ...clean,
    'apps/web/src/app/guard.ts': 'export const guard = true;\n',
    'apps/web/src/features/reports/notice.tsx':
      "import { guard } from '../../app/guard';\nexport const notice = guard;\n",
    'apps/web/src/lib/title.ts':
      "import { Page } from '../features/reports/page';\nexport const title = Page;\n",
  });
  assert.deepEqual(violations.sort(), [
    'web-features-below-app: apps/web/src/features/reports/notice.tsx → apps/web/src/app/guard.ts',
    'web-shared-below-features: apps/web/src/lib/title.ts → apps/web/src/features/reports/page.tsx',
  ]);
});

test('accounts and mail importing each other are refused, as any two modules', async () => {
  const violations = await violationsOf({
    ...clean,
    [`${modules}/accounts/accounts.service.ts`]:
      "import { afterEmailChange } from '../mail/mail.service';\nexport const update = afterEmailChange;\n",
    [`${modules}/mail/mail.service.ts`]:
      "import { rows } from '../accounts/rows';\nexport const afterEmailChange = rows;\n",
    [`${modules}/accounts/rows.ts`]: 'export const rows = 1;\n',
  });
  assert.deepEqual(violations.map((violation) => violation.split('\n')[0]).sort(), [
    `server-module-cycles: ${modules}/accounts → ${modules}/mail`,
    `server-module-cycles: ${modules}/mail → ${modules}/accounts`,
  ]);
});
