import pg from 'pg';

export type Listener = (payload: string) => void;

export type PgListener = {
  /** Resolves once the LISTEN is active; the answer stops this listener. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const MAX_RETRY_MS = 30_000;
const noop = () => {};

export type PgListenerOptions = {
  onError(error: unknown): void;
  /** After a lost connection is back and listening again. */
  onReconnect?(): void;
};

/** Names the connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'candor-listener';

/**
 * One dedicated connection for LISTEN (a pooled client would hold a pool slot forever and keep
 * `pool.end()` waiting). When it drops, it reconnects with backoff and LISTENs again on every
 * channel; signals sent while it was down are lost: `onReconnect` lets the live sockets tell their
 * clients to reload.
 */
export function createPgListener(url: string, options: PgListenerOptions): PgListener {
  const { onError } = options;
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const dispatch = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        onError(error);
      }
    }
  };

  const lost = (which: pg.Client, error?: unknown) => {
    if (error) onError(error);
    // Only the live connection matters; a failed attempt is retried by whoever started it.
    if (client !== which) return;
    client = undefined;
    which.end().catch(noop);
    scheduleReconnect(0);
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: url,
        keepAlive: true,
        application_name: LISTENER_APPLICATION_NAME,
      });
      next.on('notification', (message) => dispatch(message.channel, message.payload ?? ''));
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of [...listeners.keys()])
          await next.query(`LISTEN ${quoteIdent(channel)}`);
        if (closed) throw new Error('listener closed');
        client = next;
        return next;
      } catch (error) {
        next.end().catch(noop);
        throw error;
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  const scheduleReconnect = (attempt: number) => {
    if (closed || retryTimer || listeners.size === 0) return;
    const delay = attempt === 0 ? 0 : Math.min(MAX_RETRY_MS, 250 * 2 ** attempt);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => options.onReconnect?.(),
        (error: unknown) => {
          onError(error);
          scheduleReconnect(attempt + 1);
        },
      );
    }, delay);
    retryTimer.unref();
  };

  return {
    listen: async (channel, listener) => {
      let set = listeners.get(channel);
      const isNewChannel = !set;
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      const stop = async () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(noop);
      };
      if (isNewChannel || !client) {
        try {
          const live = client ?? (await connect());
          // Idempotent; also covers a connection that was being opened as the channel was added.
          await live.query(`LISTEN ${quoteIdent(channel)}`);
        } catch (error) {
          await stop();
          throw error;
        }
      }
      return stop;
    },
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      await connecting?.catch(noop);
      const live = client;
      client = undefined;
      await live?.end().catch(noop);
    },
  };
}

function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}
