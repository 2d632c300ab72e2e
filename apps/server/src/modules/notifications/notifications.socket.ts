import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL, liveCloseCodes } from '@candor/contract/notifications';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { errorSummary } from '../../lib/logger';
import * as service from './notifications.service';

const MAX_USER_ID = 2_147_483_647;

/**
 * The subprotocol the server answers with (ws `handleProtocols`). A browser fails the connection
 * unless one offered protocol is selected: `candor.v1` when offered, so the token is not echoed.
 */
export function selectLiveProtocol(protocols: Set<string>): string | false {
  if (protocols.has(LIVE_PROTOCOL)) return LIVE_PROTOCOL;
  for (const protocol of protocols) if (protocol.startsWith(LIVE_BEARER_PREFIX)) return protocol;
  return false;
}

/** The access token from the `candor.bearer.<token>` subprotocol, else from `?token=`. */
export function liveSocketToken(request: FastifyRequest): string | null {
  const header = request.headers['sec-websocket-protocol'];
  for (const protocol of (header ?? '').split(',')) {
    const trimmed = protocol.trim();
    if (trimmed.startsWith(LIVE_BEARER_PREFIX) && trimmed.length > LIVE_BEARER_PREFIX.length) {
      return trimmed.slice(LIVE_BEARER_PREFIX.length);
    }
  }
  const { token } = request.query as { token?: unknown };
  return typeof token === 'string' && token !== '' ? token : null;
}

function parseUserId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_USER_ID ? id : null;
}

type Access = { userId: number; expiresAtMs: number } | 'refused' | 'failed';

/**
 * `/ws/notifications/:userId/`. The caller is checked before the upgrade, so a socket is in the
 * hub by the time the client sees it open. The upgrade itself is always accepted and a refused
 * caller closed with 1008 straight after, so a browser can tell a refusal from a network failure.
 */
export const notificationsSocketRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const accessOf = new WeakMap<FastifyRequest, Access>();

  app.get<{ Params: { userId: string } }>(
    '/:userId/',
    {
      websocket: true,
      preValidation: async (request) => {
        const userId = parseUserId(request.params.userId);
        try {
          const granted = await service.authenticateLiveSocket(
            ctx,
            liveSocketToken(request),
            userId,
          );
          accessOf.set(request, granted && userId !== null ? { userId, ...granted } : 'refused');
        } catch (error) {
          request.log.error({ error: errorSummary(error) }, 'live socket authentication failed');
          accessOf.set(request, 'failed');
        }
      },
    },
    (socket, request) => {
      const access = accessOf.get(request) ?? 'refused';
      if (access === 'failed') {
        socket.close(liveCloseCodes.internalError, 'Try again later');
      } else if (access === 'refused') {
        socket.close(liveCloseCodes.policyViolation, 'Unauthorized');
      } else {
        app.notificationHub.add(access.userId, socket, access.expiresAtMs);
      }
    },
  );
};
