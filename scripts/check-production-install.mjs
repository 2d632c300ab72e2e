// Proves a production install works on a fresh clone (docs/operating.md "Production"): the committed HEAD
// is fetched into an empty folder, installed with `npm ci --omit=dev`, and its commands are run
// as an operator would: `npm run db:migrate`, `npm run create-superuser`, then `npm run serve`,
// which must build what it lacks, answer /api/health/, serve the web app, register an account
// and stop cleanly on SIGTERM. Uncommitted changes are not part of the check.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const source = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'candor-production-'));
const clone = path.join(work, 'candor');
const dataDir = path.join(work, 'data');
const START_TIMEOUT_MS = 15 * 60 * 1000;

// npm passes its own settings to scripts; the clone must see none of them (no --omit leaking in).
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE_ENV'),
);
const serverEnv = { ...env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' };

function step(title) {
  console.log(`\n== ${title}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`);
  }
}

function check(condition, message) {
  if (!condition) throw new Error(message);
  console.log(`ok: ${message}`);
}

/** Starts `npm run serve` and resolves with its address once it says where it runs. */
function serve() {
  // Its own process group, so SIGTERM reaches npm and the server under it, as a service manager
  // stopping the unit would send it.
  const child = spawn('npm', ['run', 'serve', '--silent'], {
    cwd: clone,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const address = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the server did not start in time')),
      START_TIMEOUT_MS,
    );
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
      const match = output.match(/Candor is running at (http:\/\/localhost:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    });
    exited.then(({ code }) => reject(new Error(`the server exited early with status ${code}`)));
  });
  return { child, address, exited, output: () => output };
}

/** Whether any process of the group led by `pid` is still running. */
function isGroupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  step(`Fresh clone of HEAD into ${clone}`);
  run('git', ['init', '--quiet', clone]);
  run('git', ['-C', clone, 'fetch', '--quiet', '--depth', '1', `file://${source}`, 'HEAD']);
  run('git', ['-C', clone, 'checkout', '--quiet', 'FETCH_HEAD']);

  step('npm ci --omit=dev');
  run('npm', ['ci', '--omit=dev'], { cwd: clone });
  for (const devOnly of ['vitest', 'drizzle-kit', '@playwright/test', 'typescript']) {
    check(!existsSync(path.join(clone, 'node_modules', devOnly)), `${devOnly} is not installed`);
  }
  // npm keeps tsx as an optional peer of vite; removed, it shows nothing here runs through it.
  rmSync(path.join(clone, 'node_modules', 'tsx'), { recursive: true, force: true });
  console.log('removed tsx from the clone: production runs plain Node');

  step('the Node.js the scripts run on (the optional node-linux-* dependency, README)');
  run('npm', ['exec', '--', 'node', 'scripts/node-version.mjs'], { cwd: clone });

  step('npm run db:migrate (builds the server first)');
  run('npm', ['run', 'db:migrate', '--silent'], { cwd: clone, env: serverEnv });
  check(existsSync(path.join(clone, 'apps/server/dist/main.js')), 'the server was built');

  step('npm run create-superuser');
  run('npm', ['run', 'create-superuser', '--silent', '--', '--username', 'operator'], {
    cwd: clone,
    env: { ...serverEnv, SUPERUSER_PASSWORD: 'production-check-passphrase' },
  });

  step('npm run serve (builds the web app first)');
  const server = serve();
  try {
    const base = await server.address;
    const health = await fetch(`${base}/api/health/`);
    check(health.status === 200, `GET /api/health/ answers 200 (${health.status})`);
    check(
      JSON.stringify(await health.json()) === '{"status":"ok"}',
      'GET /api/health/ says {"status":"ok"}',
    );
    const page = await fetch(`${base}/submit-report`);
    const html = await page.text();
    check(
      page.status === 200 && html.includes('<div id="root">'),
      'the built web app is served for a client route',
    );
    const register = await fetch(`${base}/api/accounts/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'first_user', password: 'a-long-passphrase' }),
    });
    check(register.status === 201, `registering an account answers 201 (${register.status})`);
    const { access } = await (
      await fetch(`${base}/api/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'first_user', password: 'a-long-passphrase' }),
      })
    ).json();
    // Evidence goes through the native and WebAssembly parts production must carry.
    for (const [fixture, type, kind] of [
      ['photo-gps.jpg', 'image/jpeg', 'image'],
      ['photo-gps.heic', 'image/heic', 'image'],
      ['location.mp4', 'video/mp4', 'video'],
    ]) {
      const form = new FormData();
      form.append('title', `Evidence ${fixture}`);
      form.append('description', 'Filed by the production install check.');
      const bytes = readFileSync(path.join(clone, 'apps/server/test/fixtures/evidence', fixture));
      form.append('file_upload', new Blob([bytes], { type }), fixture);
      const filed = await fetch(`${base}/api/reports/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}` },
        body: form,
      });
      const report = await filed.json();
      check(
        filed.status === 201 && report.file_kind === kind,
        `a report with ${fixture} is filed and its ${kind} kept (${filed.status})`,
      );
    }
    const login = await fetch(`${base}/api/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator', password: 'production-check-passphrase' }),
    });
    check(login.status === 200, `the superuser made by the command logs in (${login.status})`);
  } finally {
    process.kill(-(server.child.pid ?? 0), 'SIGTERM');
  }
  await server.exited;
  const stoppedBy = Date.now() + 15_000;
  while (isGroupAlive(server.child.pid ?? 0) && Date.now() < stoppedBy) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  check(!isGroupAlive(server.child.pid ?? 0), 'every process of the server stops on SIGTERM');
  check(
    server.output().includes('SIGTERM received, shutting down') &&
      !server.output().includes('shutdown failed'),
    'the server shut down gracefully',
  );
}

try {
  await main();
  console.log('\nThe production install works.');
  rmSync(work, { recursive: true, force: true });
} catch (error) {
  console.error(
    `\nProduction install check failed: ${error instanceof Error ? error.message : error}`,
  );
  console.error(`The clone is kept in ${work}`);
  process.exit(1);
}
