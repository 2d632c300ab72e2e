import { mockFetch } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { ApiError, apiFetch, refreshSession } from './api-client';
import { tokenStorage } from './auth/token-storage';
import { activateLocale } from './i18n';

describe('apiFetch', () => {
  it('sends the bearer token and parses JSON', async () => {
    const token = accessToken();
    tokenStorage.save(token, 'r1');
    const { calls } = mockFetch({ 'GET /api/accounts/profile/': { body: { username: 'ada' } } });
    await expect(apiFetch('/api/accounts/profile/')).resolves.toEqual({ username: 'ada' });
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.authorization).toBe(
      `Bearer ${token}`,
    );
  });

  it("asks for the server's words in the page's language", async () => {
    const { calls } = mockFetch({ 'GET /api/site/': { body: {} } });
    await apiFetch('/api/site/', { auth: false });
    await activateLocale('ar');
    try {
      await apiFetch('/api/site/', { auth: false });
    } finally {
      await activateLocale('en');
    }
    const languages = calls.map(
      (call) => (call.init.headers as Record<string, string>)['accept-language'],
    );
    expect(languages).toEqual(['en', 'ar']);
  });

  it('throws ApiError with the status and body', async () => {
    mockFetch({ 'POST /api/accounts/login/': { status: 401, body: { detail: 'No' } } });
    const error = await apiFetch<never>('/api/accounts/login/', {
      method: 'POST',
      body: {},
      auth: false,
    }).catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ detail: 'No' });
  });

  it('answers status 0 when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const error = await apiFetch<never>('/api/site/').catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const fresh = accessToken({ user_id: 9 });
    tokenStorage.save(accessToken(), 'old-refresh');
    let profileCalls = 0;
    const { calls } = mockFetch({
      'GET /api/accounts/profile/': (init) => {
        profileCalls += 1;
        const auth = (init.headers as Record<string, string>).authorization;
        return auth === `Bearer ${fresh}`
          ? { body: { username: 'ok' } }
          : { status: 401, body: { detail: 'expired' } };
      },
      'POST /api/accounts/token/refresh/': { body: { access: fresh, refresh: 'new-refresh' } },
    });
    await expect(apiFetch('/api/accounts/profile/')).resolves.toEqual({ username: 'ok' });
    expect(profileCalls).toBe(2);
    expect(calls.filter((call) => call.key === 'POST /api/accounts/token/refresh/')).toHaveLength(
      1,
    );
    expect(tokenStorage.getAccess()).toBe(fresh);
    expect(tokenStorage.getRefresh()).toBe('new-refresh');
  });
});

describe('refreshSession', () => {
  it('shares one refresh between simultaneous callers', async () => {
    tokenStorage.save(accessToken(), 'r1');
    const { calls } = mockFetch({
      'POST /api/accounts/token/refresh/': { body: { access: accessToken(), refresh: 'r2' } },
    });
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(results).toEqual([true, true, true]);
    expect(calls).toHaveLength(1);
  });

  it('keeps the old refresh token when the answer has none', async () => {
    tokenStorage.save(accessToken(), 'keep-me');
    mockFetch({
      'POST /api/accounts/token/refresh/': { body: { access: accessToken({ user_id: 2 }) } },
    });
    await refreshSession();
    expect(tokenStorage.getRefresh()).toBe('keep-me');
  });

  it('clears both tokens when the refresh is refused (silent logout)', async () => {
    tokenStorage.save(accessToken(), 'revoked');
    mockFetch({
      'POST /api/accounts/token/refresh/': {
        status: 401,
        body: { detail: 'Token is invalid or expired' },
      },
    });
    await expect(refreshSession()).resolves.toBe(false);
    expect(tokenStorage.getAccess()).toBeNull();
    expect(tokenStorage.getRefresh()).toBeNull();
    expect(localStorage.getItem('isSuperuser')).toBeNull();
  });

  it('keeps the tokens when the server is unreachable', async () => {
    tokenStorage.save(accessToken(), 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(refreshSession()).resolves.toBe(false);
    expect(tokenStorage.getRefresh()).toBe('r1');
  });

  it('stores the superuser flag from the new token', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({
      'POST /api/accounts/token/refresh/': {
        body: { access: accessToken({ is_superuser: true }), refresh: 'r2' },
      },
    });
    await refreshSession();
    expect(localStorage.getItem('isSuperuser')).toBe('true');
  });
});

describe('refreshSession across tabs', () => {
  it('uses the tokens another tab stored while this one waited for the lock', async () => {
    tokenStorage.save(accessToken(), 'r1');
    const { calls } = mockFetch({});
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, callback: () => Promise<boolean>) => {
          // Another tab rotated the token before this tab got the lock.
          localStorage.setItem('refreshToken', 'rotated-elsewhere');
          return callback();
        },
      },
    });
    await expect(refreshSession()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
  });
});
