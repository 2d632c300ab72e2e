// Runs the built server (`main`) or one of its commands (`create-superuser`, `migrate`, `backup`,
// `restore`, `audit-verify`, `rotate-keys`) with plain Node. What a fresh checkout lacks is built
// first (`npm run build` rebuilds everything), so `npm ci --omit=dev && npm run serve` works:
// production needs no TypeScript runner.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const [entry, ...args] = process.argv.slice(2);
const entries = [
  'main',
  'create-superuser',
  'migrate',
  'backup',
  'restore',
  'audit-verify',
  'rotate-keys',
];
if (!entries.includes(entry)) {
  console.error(`Usage: node scripts/run-built.mjs <${entries.join('|')}> [arguments]`);
  process.exit(2);
}

const builds = [
  // The command's own bundle: a build older than the command has none.
  { workspace: 'apps/server', output: `apps/server/dist/${entry}.js` },
  // Only the server serves the web app.
  ...(entry === 'main' ? [{ workspace: 'apps/web', output: 'apps/web/dist/index.html' }] : []),
];
for (const { workspace, output } of builds) {
  if (existsSync(path.join(root, output))) continue;
  console.log(`No build of ${workspace} yet: building it.`);
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

if (entry === 'main') process.env.NODE_ENV = 'production';
process.setSourceMapsEnabled(true);
const file = path.join(root, 'apps/server/dist', `${entry}.js`);
// The command reads its own arguments, as if started directly.
process.argv = [process.argv[0] ?? 'node', file, ...args];
await import(pathToFileURL(file).href);
