import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Waiting for an event that never comes fails with this message instead of the test timeout. */
const WAIT_LIMIT_MS = 10_000;

function withLimit<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up waiting for ${what}`)), WAIT_LIMIT_MS);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

export type Closed = { code: number; reason: string };

export type LiveClient = {
  socket: WebSocket;
  /** Resolves when the upgrade succeeded (a refused caller is closed right after). */
  opened: Promise<void>;
  closed: Promise<Closed>;
  /** Every message received so far, parsed. */
  received: unknown[];
  /** The next message not yet taken by `next()`. */
  next(): Promise<Record<string, unknown>>;
  close(): Promise<Closed>;
};

/** A `ws` client that records what it receives, for tests and the benchmark. */
export function connectLive(
  url: string,
  options: { protocols?: string[]; autoPong?: boolean } = {},
): LiveClient {
  const socket = new WebSocket(url, options.protocols ?? [], {
    autoPong: options.autoPong ?? true,
  });
  const received: unknown[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<Closed>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  // A refused upgrade is reported by `opened`; keep the error from escaping.
  opened.catch(() => {});
  const next = async () => {
    while (received.length <= taken) {
      await withLimit(new Promise<void>((resolve) => waiters.push(resolve)), 'a live notification');
    }
    taken += 1;
    return received[taken - 1] as Record<string, unknown>;
  };
  return {
    socket,
    opened: withLimit(opened, 'the socket to open'),
    closed,
    received,
    next,
    close: () => {
      socket.close(1000);
      return withLimit(closed, 'the socket to close');
    },
  };
}

export function waitForClose(client: LiveClient): Promise<Closed> {
  return withLimit(client.closed, 'the socket to be closed');
}

/** Starts the app on a free port and answers its `ws://` base address. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}
