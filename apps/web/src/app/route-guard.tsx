import { type ReactNode, Suspense, useEffect } from 'react';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import type { LoginState } from '@/lib/auth/login-state';
import { tokenStorage } from '@/lib/auth/token-storage';
import { Navigate, useLocation } from '@/lib/router';
import { useIsHydrated } from '@/lib/use-hydrated';
import { decideGuard, type GuardRule } from './guard';

type RouteGuardProps = GuardRule & {
  children: ReactNode;
  reason?: string;
  /**
   * The page's frame, with no data: drawn at build time and over that HTML (the session is not
   * known there), and while the page's chunk loads for someone let in.
   */
  frame?: ReactNode;
};

export function RouteGuard({ children, reason, frame, ...rule }: RouteGuardProps) {
  const location = useLocation();
  // Re-renders when the stored tokens change.
  useAuth();
  const isHydrated = useIsHydrated();
  // Nothing is decided before the browser draws on its own: the frame holds no data, and the
  // page (which fetches with the token) is drawn only once the session lets it in.
  const decision =
    frame !== undefined && !isHydrated ? null : decideGuard(tokenStorage.getAccess(), rule);

  useEffect(() => {
    if (decision?.kind === 'login' && decision.clearTokens) tokenStorage.clear();
  }, [decision]);

  if (decision === null) return frame;
  if (decision.kind === 'login') {
    const state: LoginState = { from: `${location.pathname}${location.search}`, reason };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (decision.kind === 'home') return <Navigate to={paths.home} replace />;
  return frame === undefined ? children : <Suspense fallback={frame}>{children}</Suspense>;
}
