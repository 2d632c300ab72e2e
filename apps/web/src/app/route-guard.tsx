import { type ReactNode, useEffect } from 'react';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { tokenStorage } from '@/lib/auth/token-storage';
import { Navigate, useLocation } from '@/lib/router';
import { decideGuard, type GuardRule } from './guard';

/** Where the login page sends people back to, and why they were sent there. */
export type LoginState = { from?: string; reason?: string };

type RouteGuardProps = GuardRule & { children: ReactNode; reason?: string };

export function RouteGuard({ children, reason, ...rule }: RouteGuardProps) {
  const location = useLocation();
  // Re-renders when the stored tokens change.
  useAuth();
  const decision = decideGuard(tokenStorage.getAccess(), rule);

  useEffect(() => {
    if (decision.kind === 'login' && decision.clearTokens) tokenStorage.clear();
  }, [decision]);

  if (decision.kind === 'login') {
    const state: LoginState = { from: `${location.pathname}${location.search}`, reason };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (decision.kind === 'home') return <Navigate to={paths.home} replace />;
  return children;
}
