import { accessToken, makeToken } from '@/test/tokens';
import { decideStartup, decodeToken, shouldRefresh } from './tokens';

const now = Date.now();

describe('decodeToken', () => {
  it('reads the claims of a token', () => {
    expect(
      decodeToken(accessToken({ user_id: 3, role: 'admin', plan: 'premium', is_superuser: true })),
    ).toMatchObject({
      user_id: 3,
      role: 'admin',
      plan: 'premium',
      is_superuser: true,
    });
  });

  it('reads a payload written with the URL-safe alphabet and non-ASCII text', () => {
    const claims = { ...decodeToken(accessToken()), jti: 'é?>~ü'.repeat(5) };
    const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(claims)));
    const payload = btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const token = `${makeToken({}).split('.')[0]}.${payload}.signature`;
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeToken(token)?.jti).toBe('é?>~ü'.repeat(5));
  });

  it.each([
    { role: 'root' },
    { plan: 'gold' },
    { user_id: '3' },
    { user_id: 1.5 },
    { is_superuser: 'true' },
    { exp: '123' },
    { jti: undefined },
  ])('answers null for claims of the wrong shape: %j', (override) => {
    expect(decodeToken(makeToken({ ...decodeToken(accessToken()), ...override }))).toBeNull();
  });

  it.each([null, '', 'garbage', 'a.b.c', 'x.eyJmb28iOjF9.y'])('answers null for %j', (token) => {
    expect(decodeToken(token)).toBeNull();
  });
});

describe('shouldRefresh', () => {
  it('refreshes when under 60 seconds remain', () => {
    expect(shouldRefresh(accessToken({ exp: Math.floor(now / 1000) + 59 }), now)).toBe(true);
  });

  it('does not refresh with more time left', () => {
    expect(shouldRefresh(accessToken({ exp: Math.floor(now / 1000) + 120 }), now)).toBe(false);
  });

  it('refreshes an undecodable or missing token', () => {
    expect(shouldRefresh('not-a-token', now)).toBe(true);
    expect(shouldRefresh(null, now)).toBe(true);
  });
});

describe('decideStartup', () => {
  const valid = accessToken();
  const expired = accessToken({ exp: Math.floor(now / 1000) - 5 });

  it('is logged in with a valid unexpired access token', () => {
    expect(decideStartup(valid, 'refresh', now)).toBe('authenticated');
  });

  it('refreshes an expired or invalid access token when a refresh token exists', () => {
    expect(decideStartup(expired, 'refresh', now)).toBe('refresh');
    expect(decideStartup('broken', 'refresh', now)).toBe('refresh');
  });

  it('refreshes with only a refresh token', () => {
    expect(decideStartup(null, 'refresh', now)).toBe('refresh');
  });

  it('is logged out with neither, or with an expired token and no refresh token', () => {
    expect(decideStartup(null, null, now)).toBe('anonymous');
    expect(decideStartup(expired, null, now)).toBe('anonymous');
  });
});
