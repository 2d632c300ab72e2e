import type { AccessClaims, TokenPair } from '@candor/contract/accounts';
import { createContext, useCallback, useContext } from 'react';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';

export type AuthContextValue = {
  /** 'initializing' until the stored session has been checked (and refreshed if needed). */
  status: 'initializing' | 'ready';
  /** Claims of the current access token, or null when logged out. */
  user: AccessClaims | null;
  /** The stored superuser flag (the original product uses it for the dashboard link). */
  isSuperuser: boolean;
  signIn(tokens: TokenPair): AccessClaims | null;
  /** Revokes the login on the server and clears both tokens (as in the original product). */
  signOut(): Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** Logs out (see `signOut`) and then goes to the login page. */
export function useLogout(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    navigate(paths.login);
  }, [signOut, navigate]);
}
