import type { TokenPair } from '@candor/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { API_BASE, refreshSession } from '../api-client';
import { draftStore } from '../drafts';
import { useIsHydrated } from '../use-hydrated';
import { AuthContext, type AuthContextValue } from './auth-context';
import { clearSessionMark } from './session-hint';
import { startSessionTimer } from './session-timer';
import { tokenStorage } from './token-storage';
import { decideStartup, decodeToken } from './tokens';

const snapshot = () => `${tokenStorage.getAccess() ?? ''}|${tokenStorage.isSuperuser()}`;
/** A pre-rendered page is drawn for a visitor: the browser's first render over it is too. */
const visitorSnapshot = () => '|false';

const startupDecision = () =>
  decideStartup(tokenStorage.getAccess(), tokenStorage.getRefresh(), Date.now());

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const isHydrated = useIsHydrated();
  // 'initializing' only while a stored session is being refreshed. Over pre-rendered HTML the
  // first render is 'ready', as the server drew it; the effect below then starts any refresh.
  const [status, setStatus] = useState<'initializing' | 'ready'>(() =>
    isHydrated && startupDecision() === 'refresh' ? 'initializing' : 'ready',
  );
  // Over pre-rendered HTML the visitor's session until the browser draws on its own: reading the
  // stored one at once would make React redraw the whole page in one long task after hydrating.
  const session = useSyncExternalStore(
    tokenStorage.subscribe,
    isHydrated ? snapshot : visitorSnapshot,
    visitorSnapshot,
  );

  useEffect(() => {
    const decision = startupDecision();
    if (decision === 'refresh') {
      setStatus('initializing');
      void refreshSession().finally(() => setStatus('ready'));
      return;
    }
    // An expired or undecodable access token with nothing to refresh it is cleared.
    if (decision === 'anonymous' && tokenStorage.getAccess()) tokenStorage.clear();
    setStatus('ready');
  }, []);

  useEffect(() => startSessionTimer(refreshSession), []);

  // Drawn now with the real session (the render after hydration): the page's own mark goes.
  useEffect(() => {
    if (isHydrated && status === 'ready') clearSessionMark();
  }, [isHydrated, status]);

  // Cached answers belong to whoever was logged in: drop them when they log out. Not at start,
  // where the cache holds only what the page now on screen has just asked for (pages draw at
  // once, even over pre-rendered HTML, rather than after a first check of the session).
  const userId = decodeToken(session.split('|')[0])?.user_id ?? null;
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (userId === null && previousUserId.current !== null) queryClient.clear();
    previousUserId.current = userId;
  }, [userId, queryClient]);

  const signIn = useCallback(
    (tokens: TokenPair) => {
      queryClient.clear();
      tokenStorage.save(tokens.access, tokens.refresh);
      return decodeToken(tokens.access);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const refresh = tokenStorage.getRefresh();
    tokenStorage.clear();
    queryClient.clear();
    draftStore.forgetAll();
    if (!refresh) return;
    try {
      await fetch(`${API_BASE}/api/accounts/logout/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh }),
        keepalive: true,
      });
    } catch {
      // The tokens are gone from this browser either way.
    }
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const [access, superuser] = session.split('|');
    return {
      status,
      user: decodeToken(access),
      isSuperuser: superuser === 'true',
      signIn,
      signOut,
    };
  }, [session, status, signIn, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
