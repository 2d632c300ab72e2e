import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createContext } from './context';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import type { Secrets } from './lib/secrets';
import type { FileStorage } from './lib/storage';
import { accessRequestsRoutes } from './modules/access-requests/access-requests.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { startAuditChainer } from './modules/audit/audit-chain';
import { certificatesRoutes } from './modules/certificates/certificates.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { intakeRoutes } from './modules/intake/intake.routes';
import { trackRoutes } from './modules/intake/track.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import {
  notificationsSocketRoutes,
  selectLiveProtocol,
} from './modules/notifications/notifications.socket';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { siteRoutes } from './modules/site/site.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { voiceRoutes } from './modules/voice/voice.routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { liveNotificationsPlugin } from './plugins/live-notifications';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestLogPlugin } from './plugins/request-log';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { schedulerPlugin } from './plugins/scheduler';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';

export type RouteEntry = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export type AppDeps = {
  database: DatabaseHandle;
  secrets: Secrets;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  /** The time source of scheduled jobs; the system clock unless a test injects one. */
  clock?: Clock;
  /**
   * Serialize each response both ways, compiled and through zod, and fail on any difference
   * (plugins/response-serializer.ts). The test suite sets it.
   */
  verifyResponses?: boolean;
};

/**
 * A hop count trusts the last `n` addresses of the chain, whoever sent it (as Express does;
 * Fastify itself ignores a number). Addresses and ranges trust only those proxies.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** JSON bodies beyond this are refused with 413; uploads have their own limit. */
const JSON_BODY_LIMIT = 256 * 1024;

/** The one place plugins and route modules are registered (docs/design.md). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    // Fastify's own request lines carry the client address: plugins/request-log replaces them.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ verify: deps.verifyResponses ?? false }),
  );
  app.decorate(
    'ctx',
    createContext({
      config,
      database: deps.database,
      secrets: deps.secrets,
      storage: deps.storage,
      log: deps.logger,
      clock: deps.clock,
    }),
  );

  app.addHook('onClose', async () => app.ctx.searchTexts.close());
  // Audit rows are written unchained; this links them within about a second (migration 0029).
  const stopChainer = startAuditChainer(app.ctx, config.auditChainIntervalMs);
  app.addHook('onClose', stopChainer);
  app.addHook('onClose', async () => app.ctx.mailer?.close());

  // Every route as registered, for tests that walk them all (routes.fuzz.test.ts).
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  // The API speaks JSON and multipart only.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body reads as no body, so `POST .../cancel/` with a JSON content type works.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(multipart, {
    limits: {
      fileSize: config.uploads.maxBytes,
      // An evidence file and a voice recording; routes take each at most once (lib/report-form.ts).
      files: 2,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 25,
    },
  });
  await app.register(liveNotificationsPlugin);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, handleProtocols: selectLiveProtocol },
  });

  // Before the routes: it records each route as it is registered. Off, its paths answer 404.
  if (config.isApiDocsOn) await app.register(apiDocsPlugin);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(siteRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api/accounts' });
  await app.register(mailRoutes, { prefix: '/api/accounts' });
  await app.register(twoFactorRoutes, { prefix: '/api/two-factor' });
  await app.register(reportsRoutes, { prefix: '/api/reports' });
  await app.register(commentsRoutes, { prefix: '/api/reports' });
  await app.register(certificatesRoutes, { prefix: '/api/reports' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(tagsRoutes, { prefix: '/api/admin' });
  await app.register(notificationsRoutes, { prefix: '/api/notifications' });
  await app.register(notificationsSocketRoutes, { prefix: '/ws/notifications' });
  await app.register(accessRequestsRoutes, { prefix: '/api/accounts' });
  await app.register(organizationsRoutes, { prefix: '/api/organizations' });
  await app.register(contactRoutes, { prefix: '/api/contact' });
  await app.register(auditRoutes, { prefix: '/api/audit' });
  await app.register(staffRoutes, { prefix: '/api/staff' });
  await app.register(intakeRoutes, { prefix: '/api/intake' });
  await app.register(trackRoutes, { prefix: '/api/track' });
  await app.register(voiceRoutes, { prefix: '/api/voice' });

  await app.register(schedulerPlugin);
  await app.register(webAppPlugin);
  return app;
}
