import {
  type LiveNotificationEvent,
  type LiveResyncEvent,
  liveCloseCodes,
} from '@candor/contract/notifications';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { errorSummary } from '../../lib/logger';
import type { NotificationSignal } from './notifications.repository';

type HubLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type NotificationHubOptions = {
  /** Ping every socket this often; one that did not answer the previous ping is dropped. */
  heartbeatMs: number;
  /**
   * Opens the rows behind the signals, and says whom each goes to among `connected` (the users
   * with a socket here); keyed by notification id.
   */
  load(
    signals: NotificationSignal[],
    connected: readonly number[],
  ): Promise<
    Map<
      number,
      {
        event: LiveNotificationEvent;
        userIds: number[];
        byUser?: Map<number, LiveNotificationEvent>;
      }
    >
  >;
  log: HubLog;
};

export type NotificationHub = ReturnType<typeof createNotificationHub>;

type Entry = { userId: number; isAlive: boolean; expiry: NodeJS.Timeout };

const signalSchema = z.union([
  z.object({ id: z.number().int(), userId: z.number().int() }),
  z.object({ id: z.number().int(), report: z.number().int() }),
]);
/** Rows loaded per query when signals arrive faster than they are delivered. */
const MAX_BATCH = 500;
/** A client this far behind on reading is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CLOSE_GRACE_MS = 1000;
/**
 * Sockets one user may hold on this process: one per open tab is far below it, and a script
 * opening sockets without end only ever pushes out its own oldest ones.
 */
export const MAX_SOCKETS_PER_USER = 20;

/**
 * This process's live sockets, by user (docs/api.md "The API"). Every process hears
 * every signal on the channel and delivers those whose recipient has a socket here. Signals are
 * delivered in the order heard, in batches, so a burst costs one query per batch.
 */
export function createNotificationHub(options: NotificationHubOptions) {
  const byUser = new Map<number, Set<WebSocket>>();
  const entries = new Map<WebSocket, Entry>();
  let pending: NotificationSignal[] = [];
  let draining: Promise<void> | undefined;
  let isClosed = false;

  const remove = (socket: WebSocket) => {
    const entry = entries.get(socket);
    if (!entry) return;
    clearTimeout(entry.expiry);
    entries.delete(socket);
    const sockets = byUser.get(entry.userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) byUser.delete(entry.userId);
  };

  /** Cut without a close handshake: the peer is gone or not keeping up. */
  const drop = (socket: WebSocket) => {
    remove(socket);
    socket.terminate();
  };

  const send = (socket: WebSocket, data: string) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      drop(socket);
      return;
    }
    socket.send(data);
  };

  /** A signal to an account is for this process if the account has a socket here. */
  const isWanted = (signal: NotificationSignal) =>
    'userId' in signal ? byUser.has(signal.userId) : byUser.size > 0;

  const deliver = async (batch: NotificationSignal[]) => {
    const wanted = batch.filter(isWanted);
    if (wanted.length === 0) return;
    let events: Map<
      number,
      {
        event: LiveNotificationEvent;
        userIds: number[];
        byUser?: Map<number, LiveNotificationEvent>;
      }
    >;
    try {
      events = await options.load(wanted, [...byUser.keys()]);
    } catch (error) {
      options.log.error({ error: errorSummary(error) }, 'live notifications could not be loaded');
      return;
    }
    for (const signal of wanted) {
      const found = events.get(signal.id);
      if (!found) continue;
      const data = JSON.stringify(found.event);
      for (const userId of found.userIds) {
        const own = found.byUser?.get(userId);
        const text = own ? JSON.stringify(own) : data;
        for (const socket of byUser.get(userId) ?? []) send(socket, text);
      }
    }
  };

  const drain = async () => {
    while (pending.length > 0) {
      const batch = pending.slice(0, MAX_BATCH);
      pending = pending.slice(MAX_BATCH);
      await deliver(batch);
    }
  };

  const kick = () => {
    if (draining) return;
    draining = drain().finally(() => {
      draining = undefined;
      if (pending.length > 0) kick();
    });
  };

  const heartbeat = setInterval(() => {
    for (const [socket, entry] of entries) {
      if (!entry.isAlive) {
        drop(socket);
        continue;
      }
      entry.isAlive = false;
      socket.ping();
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /**
     * Keeps an authenticated socket until it closes. It is closed with 1008 when its access
     * token expires: the client reconnects with the token it refreshed meanwhile.
     */
    add(userId: number, socket: WebSocket, expiresAtMs: number) {
      if (socket.readyState !== socket.OPEN) return;
      if (isClosed) {
        socket.close(liveCloseCodes.goingAway, 'Server shutting down');
        return;
      }
      const expiry = setTimeout(
        () => socket.close(liveCloseCodes.policyViolation, 'Token expired'),
        Math.max(0, expiresAtMs - Date.now()),
      );
      expiry.unref();
      const entry: Entry = { userId, isAlive: true, expiry };
      entries.set(socket, entry);
      let sockets = byUser.get(userId);
      if (!sockets) {
        sockets = new Set();
        byUser.set(userId, sockets);
      }
      sockets.add(socket);
      // A Set keeps insertion order: the first sockets are the oldest.
      for (const oldest of [...sockets].slice(
        0,
        Math.max(0, sockets.size - MAX_SOCKETS_PER_USER),
      )) {
        remove(oldest);
        oldest.close(liveCloseCodes.policyViolation, 'Too many connections');
      }
      socket.on('pong', () => {
        entry.isAlive = true;
      });
      socket.on('close', () => remove(socket));
    },

    /** A payload heard on the notifications channel: `{id, userId}` or `{id, report}`. */
    handleSignal(payload: string) {
      if (isClosed) return;
      let signal: NotificationSignal;
      try {
        signal = signalSchema.parse(JSON.parse(payload));
      } catch {
        options.log.warn({}, 'ignored a malformed notification signal');
        return;
      }
      if (!isWanted(signal)) return;
      pending.push(signal);
      kick();
    },

    /** Tells every socket to reload: notifications may have been committed unheard. */
    resync() {
      if (isClosed) return;
      const data = JSON.stringify({ type: 'resync' } satisfies LiveResyncEvent);
      for (const socket of entries.keys()) send(socket, data);
    },

    /**
     * Closes every socket of the user on this process with 4001: their account changed
     * (modules/staff), so the client asks for a new session rather than trust its token.
     */
    closeUser(userId: number) {
      for (const socket of [...(byUser.get(userId) ?? [])]) {
        remove(socket);
        socket.close(liveCloseCodes.accountChanged, 'Account changed');
      }
    },

    socketCount: () => entries.size,

    /** Closes every socket with 1001; any that does not finish closing is cut shortly after. */
    async close() {
      isClosed = true;
      clearInterval(heartbeat);
      const sockets = [...entries.keys()];
      for (const socket of sockets) socket.close(liveCloseCodes.goingAway, 'Server shutting down');
      if (sockets.length > 0) {
        setTimeout(() => {
          for (const socket of sockets) socket.terminate();
        }, CLOSE_GRACE_MS).unref();
      }
      await draining;
    },
  };
}
