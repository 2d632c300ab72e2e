import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import type { RouteEntry } from '../app';

type Operation = {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

/**
 * Routes left out of the document on purpose, each with why. Everything else the app registers
 * must be in it.
 */
const exclusions: { why: string; matches: (route: RouteEntry) => boolean }[] = [
  {
    why: "Fastify's HEAD twin of each GET route: the GET is described",
    matches: (route) => route.method === 'HEAD',
  },
  {
    why: 'the description itself and Swagger UI, its page and files',
    matches: (route) =>
      route.url === '/api/openapi.json' ||
      route.url === '/api/docs' ||
      route.url.startsWith('/api/docs/'),
  },
  {
    why: 'the live notifications WebSocket, not an HTTP operation',
    matches: (route) => route.url.startsWith('/ws/'),
  },
  {
    why: "the web app's files and its fallback to index.html",
    matches: (route) => !route.url.startsWith('/api/') && !route.url.startsWith('/ws/'),
  },
];

const secrets = {
  JWT_SECRET: 'openapi-jwt-secret-that-is-long-enough-0123456789',
  OWNER_HASH_SECRET: 'openapi-owner-hash-secret-long-enough-0123456789',
  ENCRYPTION_KEYS: `o1:${Buffer.alloc(32, 9).toString('base64')}`,
  SUPPORT_EMAIL: 'help-desk-openapi@example.test',
  SUPPORT_PHONE: '+44 20 7946 0999',
};

let t: TestApp;
let text: string;
let document: Document;
let username: string;
let dist: string;

beforeAll(async () => {
  // A built web app, so its routes are registered too and the exclusion above is exercised.
  dist = mkdtempSync(path.join(tmpdir(), 'candor-docs-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Candor</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1);');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, ...secrets } });
  username = (await createUser(t)).username;
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  text = response.body;
  document = JSON.parse(text) as Document;
});
afterAll(() => t.app.close());

const documentedPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

function operations() {
  return Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
  );
}

describe('/api/openapi.json', () => {
  it('describes every registered route with its method, but the ones left out on purpose', () => {
    const routes = t.app.routeTable;
    const described = routes.filter((route) => !exclusions.some((e) => e.matches(route)));
    expect(described.length).toBeGreaterThan(40);
    for (const route of described) {
      const operation = document.paths[documentedPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
    }
    // Each exclusion is in use, and none but the documentation's own hides an /api route.
    for (const exclusion of exclusions) {
      expect(routes.some(exclusion.matches), exclusion.why).toBe(true);
    }
    const hiddenApi = routes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.method !== 'HEAD' &&
        !described.includes(route) &&
        !exclusions[1]?.matches(route),
    );
    expect(hiddenApi).toEqual([]);
    // And the document describes nothing that is not registered.
    const registered = new Set(described.map((r) => `${r.method} ${documentedPath(r.url)}`));
    for (const { url, method } of operations()) {
      expect(registered.has(`${method.toUpperCase()} ${url}`), `${method} ${url}`).toBe(true);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('gives every operation a declared tag, a summary and its answers', () => {
    const declared = new Set(document.tags.map((tag) => tag.name));
    for (const { url, method, operation } of operations()) {
      const label = `${method} ${url}`;
      expect(operation.tags?.length, label).toBe(1);
      expect(declared.has(operation.tags?.[0] ?? ''), label).toBe(true);
      expect(operation.summary, label).toMatch(/\w/);
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('2')),
        label,
      ).toBe(true);
    }
  });

  it('declares the bearer JWT and the guest session, and which operation needs which', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document.components.securitySchemes.guestSession).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const op = (url: string, method: string) => document.paths[url]?.[method] as Operation;
    expect(op('/api/reports', 'get').security).toEqual([{ bearerAuth: [] }]);
    expect(op('/api/admin/reports/', 'get').security).toEqual([{ bearerAuth: [] }]);
    expect(op('/api/admin/reports/', 'get').responses).toHaveProperty('403');
    expect(op('/api/audit', 'get').security).toEqual([{ bearerAuth: [] }]);
    // No token needed, but a bad one is refused.
    expect(op('/api/contact', 'post').security).toEqual([{}, { bearerAuth: [] }]);
    expect(op('/api/accounts/login/', 'post').security).toBeUndefined();
    expect(op('/api/intake/reports/', 'post').security).toBeUndefined();
    expect(op('/api/track/report/', 'get').security).toEqual([{ guestSession: [] }]);
  });

  it('describes the multipart forms and the answers that are files', () => {
    const form = (url: string) =>
      document.paths[url]?.post?.requestBody?.content['multipart/form-data']?.schema as {
        properties: Record<string, Record<string, unknown>>;
        required?: string[];
      };
    for (const url of ['/api/reports', '/api/intake/reports/', '/api/intake/{slug}/reports/']) {
      expect(form(url).properties.file_upload, url).toMatchObject({ format: 'binary' });
      expect(form(url).properties.voice_recording, url).toMatchObject({ format: 'binary' });
      // The description may be left out when a voice message says it instead.
      expect(form(url).required, url).toContain('title');
      expect(form(url).properties.description, url).toBeDefined();
    }
    expect(form('/api/intake/reports/').required).toContain('proof');
    expect(Object.keys(form('/api/track/evidence/').properties)).toEqual(['file_upload']);
    const answer = (url: string, status = '200') =>
      Object.keys(document.paths[url]?.get?.responses[status]?.content ?? {});
    expect(answer('/api/reports/reports/{id}/certificate/')).toEqual(['application/pdf']);
    expect(answer('/api/track/certificate/')).toEqual(['application/pdf']);
    expect(answer('/api/admin/reports/export.csv')).toEqual(['text/csv']);
    expect(answer('/api/reports/{id}/evidence/')).toContain('video/mp4');
    expect(answer('/api/reports/{id}/evidence/', '206')).toContain('image/jpeg');
    expect(answer('/api/voice/{id}/')).toEqual(['audio/webm']);
    expect(Object.keys(form('/api/voice/preview/').properties)).toEqual(['voice_recording']);
    expect(Object.keys(form('/api/reports/{id}/comments/voice/').properties)).toContain(
      'voice_recording',
    );
  });

  it('carries shapes only: no secret, account or configured value', () => {
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    expect(text).not.toContain(username);
    expect(text).not.toContain(dist);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // no token
    expect(document).not.toHaveProperty('servers');
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI from the package with a policy relaxed for it alone', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Its scripts and styles come from this server, not a CDN.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(source).not.toMatch(/^(https?:)?\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");

    const bundle = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');

    // The UI reads the same document.
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(JSON.parse(json.body)).toEqual(document);

    // Everywhere else the strict policy stands.
    for (const url of ['/api/health/', '/api/openapi.json', '/', '/api/nothing-here/']) {
      const other = await t.app.inject({ method: 'GET', url });
      const policy = String(other.headers['content-security-policy']);
      expect(policy, url).toContain("style-src 'self';");
      expect(policy, url).not.toContain('unsafe-inline');
    }
  });
});

describe('API_DOCS=false', () => {
  it('answers 404 JSON on the document and every page and file of Swagger UI', async () => {
    const off = await buildTestApp({ env: { API_DOCS: 'false' } });
    try {
      for (const url of [
        '/api/openapi.json',
        '/api/docs',
        '/api/docs/',
        '/api/docs/json',
        '/api/docs/static/swagger-ui-bundle.js',
      ]) {
        const response = await off.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
        expect(response.json(), url).toEqual({ detail: 'Not found.' });
      }
      // The API itself is unchanged.
      const health = await off.app.inject({ method: 'GET', url: '/api/health/' });
      expect(health.statusCode).toBe(200);
    } finally {
      await off.app.close();
    }
  });
});
