import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'candor-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Candor</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.app.close());

describe('serving the web app', () => {
  it.each(['/', '/my-reports', '/reports/12', '/EditProfile'])(
    'answers index.html for the client route %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 JSON for a missing asset and for unknown API paths', async () => {
    for (const url of ['/assets/missing.js', '/api/unknown/', '/ws/unknown/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
