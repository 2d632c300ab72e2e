import { accessToken } from '@/test/tokens';
import { decideGuard } from './guard';

describe('decideGuard', () => {
  it('sends a visitor without a token to /login without clearing anything', () => {
    expect(decideGuard(null, { roles: ['admin'] })).toEqual({ kind: 'login', clearTokens: false });
  });

  it('clears an undecodable token and sends to /login', () => {
    expect(decideGuard('garbage', {})).toEqual({ kind: 'login', clearTokens: true });
  });

  it('sends a user to / from an admin-only route', () => {
    expect(decideGuard(accessToken({ role: 'user' }), { roles: ['admin'] })).toEqual({
      kind: 'home',
    });
  });

  it('lets an admin into an admin route and users into user-or-admin routes', () => {
    expect(decideGuard(accessToken({ role: 'admin' }), { roles: ['admin'] })).toEqual({
      kind: 'allow',
    });
    expect(decideGuard(accessToken({ role: 'user' }), { roles: ['user', 'admin'] })).toEqual({
      kind: 'allow',
    });
  });

  it('keeps the superuser dashboard to superusers', () => {
    expect(decideGuard(accessToken({ role: 'admin' }), { superuserOnly: true })).toEqual({
      kind: 'home',
    });
    expect(
      decideGuard(accessToken({ role: 'admin', is_superuser: true }), { superuserOnly: true }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('lets any signed-in user into a route without roles', () => {
    expect(decideGuard(accessToken(), {})).toEqual({ kind: 'allow' });
  });
});
