// Starts the production server (the build of `npm run build`) for the browser journeys on a fresh
// embedded database.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!process.env.DATA_DIR) throw new Error('DATA_DIR must be set');
rmSync(process.env.DATA_DIR, { recursive: true, force: true });

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
