import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  httpBase: string;
  wsBase: string;
  /** Stops with SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
};

/** Environment for a server process sharing `config`'s secrets, so tokens and seals agree. */
export function sharedServerEnv(config: Config, databaseUrl: string): Record<string, string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-proc-'));
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    JWT_SECRET: config.secrets.jwt as string,
    OWNER_HASH_SECRET: config.secrets.ownerHash as string,
    ENCRYPTION_KEYS: config.secrets.encryptionKeys as string,
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_WRITE_PER_MINUTE: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  };
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` and resolves once it says where it runs
 * (PORT=0 picks a free port, read from that line).
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Candor is running at http:\/\/localhost:(\d+)/.exec(output);
      if (!match) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      const port = match[1];
      resolve({
        child,
        httpBase: `http://127.0.0.1:${port}`,
        wsBase: `ws://127.0.0.1:${port}`,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before starting:\n${output}`)),
    );
  });
}
