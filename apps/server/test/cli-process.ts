import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type CommandResult = { code: number | null; signal: string | null; output: string };

/**
 * Runs one of the management commands (`apps/server/src/cli/<name>.ts`) as an operator would,
 * without a terminal (so it never waits for typing), and answers its exit code and output.
 */
export function runCommand(
  name: string,
  args: string[],
  env: Record<string, string>,
  /** Kills the command with SIGKILL, as a crash would, as soon as its output matches. */
  killWhen?: RegExp,
): Promise<CommandResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (killWhen?.test(output) && child.exitCode === null) child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, output })),
  );
}

/** A new, empty folder for a data directory or an archive. */
export const newFolder = (prefix: string) => mkdtempSync(path.join(tmpdir(), `candor-${prefix}-`));

/**
 * Fresh databases on the test PostgreSQL server (beside TEST_DATABASE_URL's), dropped by
 * `dropAll`: a restore needs an empty database of its own.
 */
export function scratchDatabases(baseUrl: string) {
  const created: string[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    async create(label: string): Promise<string> {
      const name = `${new URL(baseUrl).pathname.slice(1)}_${label}_${process.pid}_${created.length}`;
      await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
      await admin((client) => client.query(`create database "${name}"`));
      created.push(name);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropAll() {
      for (const name of created.splice(0)) {
        await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
      }
    },
  };
}
