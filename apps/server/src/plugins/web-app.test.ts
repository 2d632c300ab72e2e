import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { PrerenderedList } from '@candor/contract/web-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

const INDEX = '<!doctype html><title>Candor</title><div id="root"></div>';
const ASSET = 'console.log("the app");'.repeat(20);

/** A build as Vite writes it: every text file beside its .br and .gz copies. */
function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'candor-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeWithCopies(path.join(dist, 'index.html'), INDEX);
  writeWithCopies(path.join(dist, 'assets', 'app-1234.js'), ASSET);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('serving the web app', () => {
  it.each(['/', '/my-reports', '/reports/12', '/EditProfile'])(
    'answers index.html for the client route %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('answers index.html in brotli to a browser that accepts it, gzip to one that only takes gzip', async () => {
    const brotli = await get('/login', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('text/html');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(INDEX);

    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);

    const refused = await get('/login', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(INDEX);
  });

  it('answers 304 to a browser that already holds this index.html', async () => {
    const first = await get('/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/submit-report', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves hashed assets precompressed, with Vary and a year-long immutable lifetime', async () => {
    const brotli = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(ASSET.length);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(ASSET);

    const gzip = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(ASSET);
  });

  it('serves a file without compressed copies as it is, checked again on each visit', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 JSON for a missing asset, the build manifest and unknown API paths', async () => {
    for (const url of [
      '/assets/missing.js',
      '/.vite/manifest.json',
      '/api/unknown/',
      '/ws/unknown/',
    ]) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

const SHELL = '<!doctype html><title>Candor</title><div id="root"></div>';
const LOGIN = '<!doctype html><title>Sign in · Candor</title><div id="root"><h1>Sign in</h1></div>';
const HOME = '<!doctype html><title>Candor</title><div id="root"><h1>Speak up</h1></div>';
const INTAKE_FRAME =
  '<!doctype html><title>Report without an account · Candor</title><div id="root"><h1>Report to this organisation</h1></div>';
const NOT_FOUND =
  '<!doctype html><title>Page not found</title><div id="root"><h1>Page not found</h1></div>';
const LOGIN_ES =
  '<!doctype html><html lang="es"><title>Iniciar sesión · Candor</title><div id="root"><h1>Iniciar sesión</h1></div>';
const NOT_FOUND_ES =
  '<!doctype html><html lang="es"><title>Página no encontrada</title><div id="root"><h1>Página no encontrada</h1></div>';

/** The hash of the pages' one inline script, as the build lists it. */
const MARK_HASH = 'sha256-lKGlFr9u+Uioj8y1YbxURdbRAwxYrgJf7bE8PMS+1zA=';

describe('serving pages pre-rendered at build time', () => {
  let built: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'candor-dist-'));
    const prerendered = path.join(dist, 'prerendered');
    mkdirSync(path.join(prerendered, 'login'), { recursive: true });
    mkdirSync(path.join(dist, 'assets'));
    writeWithCopies(path.join(dist, 'assets', 'app-abc123.js'), ASSET);
    writeWithCopies(path.join(dist, 'index.html'), SHELL);
    writeWithCopies(path.join(prerendered, 'index.html'), HOME);
    writeWithCopies(path.join(prerendered, 'login', 'index.html'), LOGIN);
    writeWithCopies(path.join(prerendered, '404.html'), NOT_FOUND);
    mkdirSync(path.join(prerendered, 'es', 'login'), { recursive: true });
    writeWithCopies(path.join(prerendered, 'es', 'login', 'index.html'), LOGIN_ES);
    writeWithCopies(path.join(prerendered, 'es', '404.html'), NOT_FOUND_ES);
    mkdirSync(path.join(prerendered, 'o', '_slug', 'report'), { recursive: true });
    writeWithCopies(path.join(prerendered, 'o', '_slug', 'report', 'index.html'), INTAKE_FRAME);
    writeFileSync(
      path.join(prerendered, 'pages.json'),
      JSON.stringify({
        pages: {
          '/': 'index.html',
          '/login': 'login/index.html',
          '/o/:slug/report': 'o/_slug/report/index.html',
          '/es/login': 'es/login/index.html',
        },
        notFound: { en: '404.html', es: 'es/404.html' },
        localePrefixes: ['es', 'fr', 'en-XA'],
        routes: [
          '/',
          '/login',
          '/my-reports',
          '/EditProfile',
          '/reports/:reportId',
          '/o/:slug/report',
        ],
        scriptHashes: [MARK_HASH],
      } satisfies PrerenderedList),
    );
    built = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => built.app.close());

  const fetchPage = (url: string, headers: Record<string, string> = {}) =>
    built.app.inject({ method: 'GET', url, headers });

  it('does not start on a page list that is not what the build writes', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'candor-dist-'));
    mkdirSync(path.join(dist, 'prerendered'));
    writeWithCopies(path.join(dist, 'index.html'), SHELL);
    writeFileSync(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        pages: {},
        notFound: { en: '404.html' },
        localePrefixes: [],
        routes: ['/'],
        scriptHashes: ['unsafe-inline'],
      }),
    );
    await expect(buildTestApp({ env: { WEB_DIST_DIR: dist } })).rejects.toThrow(/scriptHashes/);
  });

  it.each([
    ['/', HOME],
    ['/login', LOGIN],
    ['/login/', LOGIN],
    ['/LOGIN?next=1', LOGIN],
  ])('answers %s with its pre-rendered page', async (url, html) => {
    const response = await fetchPage(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.body).toBe(html);
  });

  it.each(['/o/harbour-clinic/report', '/O/Hill%20School/report/'])(
    'answers %s with the frame pre-rendered for its pattern',
    async (url) => {
      const response = await fetchPage(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INTAKE_FRAME);
    },
  );

  it('answers an address the pattern does not match as before', async () => {
    expect((await fetchPage('/o/harbour-clinic/report/extra')).body).toBe(NOT_FOUND);
    expect((await fetchPage('/o/report')).body).toBe(NOT_FOUND);
  });

  it('answers a pre-rendered page in brotli or gzip, with its own ETag', async () => {
    const brotli = await fetchPage('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(LOGIN);
    const gzip = await fetchPage('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(LOGIN);

    const etag = brotli.headers.etag as string;
    expect(etag).not.toBe((await fetchPage('/')).headers.etag);
    expect((await fetchPage('/login', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await fetchPage('/', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it.each(['/my-reports', '/editprofile', '/reports/12', '/reports/12/'])(
    'answers the empty shell for the other client route %s',
    async (url) => {
      const response = await fetchPage(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SHELL);
    },
  );

  it("answers a page in a language at its address, and the shell for the app's other routes below it", async () => {
    expect((await fetchPage('/es/login')).body).toBe(LOGIN_ES);
    expect((await fetchPage('/ES/Login/')).body).toBe(LOGIN_ES);
    for (const url of ['/es/my-reports', '/fr/reports/12', '/en-XA/my-reports', '/fr/login']) {
      const response = await fetchPage(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
    }
  });

  it('names the same page in every language it was drawn in, at absolute addresses', async () => {
    const login = await fetchPage('/es/login', { host: 'candor.example:8443' });
    expect(login.headers.link).toBe(
      [
        '<http://candor.example:8443/login>; rel="alternate"; hreflang="en"',
        '<http://candor.example:8443/es/login>; rel="alternate"; hreflang="es"',
        '<http://candor.example:8443/login>; rel="alternate"; hreflang="x-default"',
      ].join(', '),
    );
    expect((await fetchPage('/login')).headers.link).toBe(
      login.headers.link?.toString().replaceAll('candor.example:8443', 'localhost:80'),
    );
    // A page drawn in one language only, or for a pattern, has no alternates.
    expect((await fetchPage('/')).headers.link).toBeUndefined();
    expect((await fetchPage('/o/harbour-clinic/report')).headers.link).toBeUndefined();
  });

  it('answers "Page not found" in the language the address names, English where none was drawn', async () => {
    const spanish = await fetchPage('/es/no-such-page');
    expect(spanish.statusCode).toBe(404);
    expect(spanish.body).toBe(NOT_FOUND_ES);
    const french = await fetchPage('/fr/no-such-page');
    expect(french.statusCode).toBe(404);
    expect(french.body).toBe(NOT_FOUND);
    // Not a language Candor speaks: an ordinary address no route matches.
    expect((await fetchPage('/xx/login')).statusCode).toBe(404);
  });

  it('answers the pre-rendered "Page not found" with status 404 where no route matches', async () => {
    for (const url of ['/no-such-page', '/reports/12/extra', '/login/extra']) {
      const response = await fetchPage(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(NOT_FOUND);
    }
  });

  it("allows the pages' one inline script by its hash, and no other inline script, in HTML only", async () => {
    const scriptSrc = (response: { headers: Record<string, unknown> }) =>
      String(response.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src'));
    const etag = (await fetchPage('/login')).headers.etag as string;
    const unchanged = await fetchPage('/login', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    // A 304 refreshes the headers the browser keeps for the page: its CSP must allow the script.
    for (const response of [
      await fetchPage('/login'),
      unchanged,
      await fetchPage('/my-reports'),
      await fetchPage('/no-such-page'),
    ]) {
      expect(scriptSrc(response)).toBe(`script-src 'self' '${MARK_HASH}'`);
    }
    for (const response of [
      await fetchPage('/api/no-such-thing/'),
      await fetchPage('/api/health/'),
      await fetchPage('/assets/app-abc123.js'),
    ]) {
      expect(response.headers['content-type']).not.toContain('text/html');
      expect(scriptSrc(response)).toBe("script-src 'self'");
    }
  });

  it('does not serve the pre-rendered files or their list at their file names', async () => {
    for (const url of ['/prerendered/login/index.html', '/prerendered/pages.json']) {
      const response = await fetchPage(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers a form posted to a page (before the app has loaded) with 404 JSON, never the page', async () => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=someone&password=a-secret-passphrase',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('detail');
    expect(response.body).not.toContain('a-secret-passphrase');
  });
});
