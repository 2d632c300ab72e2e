import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  httpBase: string;
  wsBase: string;
  /** Everything the process printed so far (its log lines). */
  output(): string;
  /** Stops with SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
  /** Stops with SIGKILL at once, as a crash would, and answers when the process is gone. */
  kill(): Promise<void>;
};

/** Environment for a server process sharing `config`'s secrets, so tokens and seals agree. */
export function sharedServerEnv(config: Config, databaseUrl: string): Record<string, string> {
  return { ...ownServerEnv(config), DATABASE_URL: databaseUrl };
}

/**
 * Environment for a server process with `config`'s secrets and a data folder of its own. Without
 * DATABASE_URL it runs its own embedded database in that folder, so it suits both test runs.
 */
export function ownServerEnv(config: Config): Record<string, string> {
  return {
    ...processEnvIn(mkdtempSync(path.join(tmpdir(), 'candor-proc-'))),
    JWT_SECRET: config.secrets.jwt as string,
    OWNER_HASH_SECRET: config.secrets.ownerHash as string,
    ENCRYPTION_KEYS: config.secrets.encryptionKeys as string,
  };
}

/**
 * What every server process of the tests runs with: a free local port, `dataDir` for its files,
 * its log on, no web build, and rate limits out of the way.
 */
export function processEnvIn(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_WRITE_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  };
}

/** A port free on loopback now, for a process whose log will not say where it runs. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `GET /api/health/` answers 200 at `base`, or stops asking once `gone` has. */
async function answering(base: string, gone: Promise<unknown>): Promise<void> {
  let exited = false;
  void gone.then(() => {
    exited = true;
  });
  while (!exited) {
    const ok = await fetch(`${base}/api/health/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` and resolves once it says where it runs
 * (PORT=0 picks a free port, read from that line), or, given a PORT of its own and a quieter
 * LOG_LEVEL than `info` (a benchmark's), once it answers there. Rejects with its output if it
 * exits first.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const givenPort = Number(env.PORT ?? 0);
  const quiet = ['warn', 'error', 'fatal', 'silent'].includes(env.LOG_LEVEL ?? 'info');
  return new Promise((resolve, reject) => {
    const started = (port: string | number) =>
      resolve({
        child,
        httpBase: `http://127.0.0.1:${port}`,
        wsBase: `ws://127.0.0.1:${port}`,
        output: () => output,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      });
    if (quiet && givenPort === 0) {
      reject(new Error('a server logging below info needs a PORT of its own (freePort)'));
    } else if (quiet) {
      void answering(`http://127.0.0.1:${givenPort}`, exited).then(() => started(givenPort));
    } else {
      const onData = () => {
        const match = /Candor is running at http:\/\/localhost:(\d+)/.exec(output);
        if (!match) return;
        child.stdout?.off('data', onData);
        started(match[1] as string);
      };
      child.stdout?.on('data', onData);
    }
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before starting:\n${output}`)),
    );
  });
}

/**
 * Starts a server that is expected to refuse to start, and answers its exit code and output.
 * One that starts after all is stopped, and the answer says so (`started: true`).
 */
export async function startExpectingRefusal(
  env: Record<string, string>,
): Promise<{ started: boolean; output: string }> {
  try {
    const server = await startServerProcess(env);
    const output = server.output();
    await server.stop();
    return { started: true, output };
  } catch (error) {
    return { started: false, output: (error as Error).message };
  }
}
