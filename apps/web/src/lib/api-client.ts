import { isLanguage } from '@candor/contract/languages';
import { i18n } from '@lingui/core';
import { tokenStorage } from './auth/token-storage';

export const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');

/** A failed API call: the status (0 when the server could not be reached) and the parsed body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API request failed with status ${status}`);
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

/**
 * The language the page is drawn in, for the server's words (docs/api.md "Languages"): its
 * error texts come back in it. English for the tests' pseudo-locale.
 */
export function acceptLanguage(): string {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

let inflightRefresh: Promise<boolean> | null = null;

async function performRefresh(startingToken: string): Promise<boolean> {
  const current = tokenStorage.getRefresh();
  // Another tab rotated the token while this one waited for the lock: use its result.
  if (current !== startingToken) return current !== null;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/accounts/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage() },
      body: JSON.stringify({ refresh: current }),
    });
  } catch {
    return false;
  }
  if (!response.ok) {
    // As in the original product: a failed refresh clears both tokens and logs out, silently.
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      tokenStorage.clear();
    }
    return false;
  }
  const tokens = (await response.json()) as { access: string; refresh?: string };
  tokenStorage.save(tokens.access, tokens.refresh);
  return true;
}

/**
 * Refreshes the session once, however many callers ask at the same time. Refresh tokens rotate
 * and a reused one revokes the login, so tabs take turns through a Web Lock.
 */
export function refreshSession(): Promise<boolean> {
  const startingToken = tokenStorage.getRefresh();
  if (!startingToken) return Promise.resolve(false);
  inflightRefresh ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks
        ? await locks.request('candor-token-refresh', () => performRefresh(startingToken))
        : await performRefresh(startingToken);
    } finally {
      inflightRefresh = null;
    }
  })();
  return inflightRefresh;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the access token (default true). */
  auth?: boolean;
};

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': acceptLanguage(),
  };
  const access = options.auth === false ? null : tokenStorage.getAccess();
  if (access) headers.authorization = `Bearer ${access}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json().catch(() => null);
  return response.text().catch(() => null);
}

/** Raw response (for downloads); refreshes and retries once on a 401. */
export async function apiFetchResponse(
  path: string,
  options: RequestOptions = {},
): Promise<Response> {
  let response = await send(path, options);
  if (response.status === 401 && options.auth !== false && tokenStorage.getRefresh()) {
    if (await refreshSession()) response = await send(path, options);
  }
  if (!response.ok) throw new ApiError(response.status, await parseBody(response));
  return response;
}

/** JSON call to the API; throws ApiError with the parsed error body. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetchResponse(path, options);
  return (await parseBody(response)) as T;
}
