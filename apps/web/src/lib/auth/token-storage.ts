import { decodeToken } from './tokens';

/** As in the original product: the keys the browser keeps. */
export const STORAGE_KEYS = {
  access: 'accessToken',
  refresh: 'refreshToken',
  isSuperuser: 'isSuperuser',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

// Another tab logging in, refreshing or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) emit();
  });
}

export const tokenStorage = {
  getAccess: () => localStorage.getItem(STORAGE_KEYS.access),
  getRefresh: () => localStorage.getItem(STORAGE_KEYS.refresh),
  isSuperuser: () => localStorage.getItem(STORAGE_KEYS.isSuperuser) === 'true',

  /** Stores a login or refresh answer; a refresh without a new refresh token keeps the old one. */
  save(access: string, refresh?: string | null) {
    localStorage.setItem(STORAGE_KEYS.access, access);
    if (refresh) localStorage.setItem(STORAGE_KEYS.refresh, refresh);
    localStorage.setItem(
      STORAGE_KEYS.isSuperuser,
      String(decodeToken(access)?.is_superuser === true),
    );
    emit();
  },

  clear() {
    localStorage.removeItem(STORAGE_KEYS.access);
    localStorage.removeItem(STORAGE_KEYS.refresh);
    localStorage.removeItem(STORAGE_KEYS.isSuperuser);
    emit();
  },

  /** Called on every change of the stored tokens (this tab or another). */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
