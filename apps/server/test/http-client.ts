import type { TokenPair } from '@candor/contract/accounts';
import { decodeJwt } from './factories';

/** Plain HTTP calls to a server process, as a client on the network would make them. */
export function httpClient(base: string) {
  const send = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  return {
    send,
    register: (username: string, password: string) =>
      send('POST', '/api/accounts/register/', { username, password, email: '' }),
    /** The login's tokens, or null when refused. */
    login: async (username: string, password: string) => {
      const answer = await send('POST', '/api/accounts/login/', { username, password });
      return answer.status === 200 ? (answer.body as TokenPair) : null;
    },
    rename: (token: string, username: string) =>
      send('PUT', '/api/accounts/profile/', { username, email: `${username}@example.test` }, token),
  };
}

/** True when a login's access token carries the superuser claim. */
export function isSuperuserToken(tokens: TokenPair | null): boolean {
  return tokens !== null && decodeJwt(tokens.access).is_superuser === true;
}
