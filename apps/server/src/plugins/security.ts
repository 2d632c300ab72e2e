import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCRIPT_HASH_PATTERN } from '@candor/contract/web-build';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict headers and a CSP with no inline script (docs/protection.md "Protecting reporters"); the pre-rendered pages' one inline
 * script is allowed by its hash on HTML answers alone (`allowPageScripts`, plugins/web-app.ts).
 */
const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
};

/**
 * The CSP of a page whose only inline scripts are those with `scriptHashes` (`sha256-…`, the
 * build's list: apps/web/scripts/prerender.mjs), allowed by hash; everything else as above.
 */
function contentSecurityPolicyWith(scriptHashes: readonly string[]): string {
  for (const hash of scriptHashes) {
    if (!SCRIPT_HASH_PATTERN.test(hash)) throw new Error(`Not a script hash: ${hash}`);
  }
  const csp = helmetOptions.contentSecurityPolicy as { directives: Record<string, unknown> };
  const headers = securityHeaders({
    ...helmetOptions,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...csp.directives,
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
      },
    },
  });
  return headers['content-security-policy'] as string;
}

/**
 * The headers helmet writes for `options`, computed once: they depend on nothing in the request,
 * and building helmet's middleware for each request cost about a twentieth of a read's time.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  // The microphone for the site's own pages only, which record voice messages (modules/voice).
  headers['permissions-policy'] =
    'camera=(), microphone=(self), geolocation=(), interest-cohort=()';
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * HTML answers carry inline scripts with these hashes (`sha256-…`): their CSP allows them,
     * and no other. Every other answer keeps `script-src 'self'` alone.
     */
    allowPageScripts(scriptHashes: readonly string[]): void;
  }
}

const isHtml = (type: unknown) => typeof type === 'string' && type.startsWith('text/html');

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { 'content-security-policy': policy, ...headers } = securityHeaders(helmetOptions);
  let pagePolicy = policy as string;
  app.decorate('allowPageScripts', (scriptHashes: readonly string[]) => {
    pagePolicy = contentSecurityPolicyWith(scriptHashes);
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // A route with a policy of its own (a stored file's sandbox, the API docs') keeps it.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header(
        'content-security-policy',
        isHtml(reply.getHeader('content-type')) ? pagePolicy : policy,
      );
    }
    done(null, payload);
  });
  const origins = app.ctx.config.corsOrigins;
  if (origins.length > 0) {
    await app.register(cors, { origin: origins, credentials: false, maxAge: 600 });
  }
});
