import {
  LIVE_BEARER_PREFIX,
  LIVE_PROTOCOL,
  type LiveEvent,
  liveCloseCodes,
  liveEventSchema,
  liveSocketPath,
} from '@candor/contract/notifications';
import { API_BASE } from '../api-client';
import { tokenStorage } from '../auth/token-storage';
import { decodeToken } from '../auth/tokens';
import { reconnectDelay } from './backoff';

export type LiveSocketOptions = {
  onEvent(event: LiveEvent): void;
  /** Open again after a drop or a new token: events may have been missed meanwhile. */
  onReconnect?(): void;
  /**
   * The server closed the socket because the account changed (role revoked, deactivated,
   * deleted): the session is to be checked again.
   */
  onAccountChanged?(): void;
  /** For tests. */
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
};

export type LiveSocket = { stop(): void };

/** `ws(s)://host` of the API: VITE_API_BASE when set, else this page's origin. */
export function liveBaseUrl(): string {
  const base = API_BASE || window.location.origin;
  return base.replace(/^http/, 'ws');
}

/**
 * The notifications socket of the logged-in user (docs/api.md "The API"). It follows
 * the stored access token: connects with it, reconnects when it changes (refresh, another tab),
 * disconnects on logout. After a drop it reconnects with backoff; after a refusal (1008: token
 * expired or not accepted) it waits for the next token instead of retrying the same one.
 */
export function startLiveSocket(options: LiveSocketOptions): LiveSocket {
  const Impl = options.WebSocketImpl ?? WebSocket;
  let socket: WebSocket | null = null;
  let token: string | null = null;
  let attempt = 0;
  let hasOpened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  const clearRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  const disconnect = () => {
    clearRetry();
    const current = socket;
    socket = null;
    if (current) {
      current.onopen = current.onmessage = current.onclose = current.onerror = null;
      if (current.readyState <= 1) current.close(1000);
    }
  };

  const connect = () => {
    clearRetry();
    const claims = decodeToken(token);
    if (!token || !claims || isStopped) return;
    const next = new Impl(`${liveBaseUrl()}${liveSocketPath(claims.user_id)}`, [
      LIVE_PROTOCOL,
      `${LIVE_BEARER_PREFIX}${token}`,
    ]);
    socket = next;
    next.onopen = () => {
      attempt = 0;
      if (hasOpened) options.onReconnect?.();
      hasOpened = true;
    };
    next.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = liveEventSchema.safeParse(data);
      if (event.success) options.onEvent(event.data);
    };
    next.onclose = (close) => {
      if (socket !== next) return;
      socket = null;
      if (close.code === liveCloseCodes.policyViolation) return;
      // A new token (or none) follows from the check, and with it the next socket.
      if (close.code === liveCloseCodes.accountChanged) {
        options.onAccountChanged?.();
        return;
      }
      retryTimer = setTimeout(connect, reconnectDelay(attempt, options.random));
      attempt += 1;
    };
  };

  const follow = () => {
    const current = tokenStorage.getAccess();
    if (current === token) return;
    token = current;
    disconnect();
    attempt = 0;
    connect();
  };

  // Back online: try now rather than at the end of a long backoff.
  const onOnline = () => {
    if (retryTimer) connect();
  };

  const unsubscribe = tokenStorage.subscribe(follow);
  window.addEventListener('online', onOnline);
  follow();

  return {
    stop() {
      isStopped = true;
      unsubscribe();
      window.removeEventListener('online', onOnline);
      disconnect();
    },
  };
}
