import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { createAdmin, createSuperuser, createUser } from '../test/factories';
import { createReport } from '../test/reports';

/**
 * Property-based tests (docs/protection.md "Protecting reporters"): generated paths, query strings, headers and bodies are
 * thrown at every route of the route table over a real socket. No answer may be a 5xx, no
 * connection may close without an answer, and the server must still answer afterwards.
 */

/** Requests per route, so the run stays bounded (about 40 routes). */
const RUNS_PER_ROUTE = 40;
/** A request that has had no answer in this long counts as dropped. */
const ANSWER_DEADLINE_MS = 15_000;

let t: TestApp;
let port: number;
let tokens: string[];
let reportId: number;

beforeAll(async () => {
  // Its own app, listening on a real port; the shared database.
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const user = await createUser(t);
  const admin = await createAdmin(t);
  const superuser = await createSuperuser(t);
  tokens = [user.tokens.access, admin.tokens.access, superuser.tokens.access];
  reportId = (await createReport(t, user)).id;
});

afterAll(async () => {
  await t?.app.close();
});

type RawAnswer = { status: number | null; bytes: number };

/** Sends one request as raw bytes and reads the answer until the server closes. */
function sendRaw(head: string, body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${ANSWER_DEADLINE_MS} ms`));
    }, ANSWER_DEADLINE_MS);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      // Skip interim answers (100 Continue).
      const statuses = [...text.matchAll(/^HTTP\/1\.[01] (\d{3})/gm)].map((m) => Number(m[1]));
      const final = statuses.find((status) => status >= 200) ?? null;
      resolve({ status: final, bytes: text.length });
    });
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

// ---- generators ----

const nasty = fc.constantFrom(
  '',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999999',
  '2147483648',
  'null',
  'undefined',
  '%00',
  '%ff%fe',
  '%zz',
  '..%2F..%2Fetc',
  '%F0%9F%92%A5',
  "'; drop table users; --",
  '<script>',
);

const segment = fc.oneof(
  fc.nat({ max: 3_000_000_000 }).map(String),
  fc.constant(''),
  nasty,
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc
    .uint8Array({ maxLength: 12 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
);

const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom('limit', 'offset', 'status', 'category', 'q', 'order', 'expires'),
          fc.constantFrom('signature', 'reference', 'code', 'token', 'page', '__proto__'),
          fc.string({ maxLength: 8 }).map(encodeURIComponent),
        ),
        segment,
      ),
      { maxLength: 5 },
    )
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  nasty.map((value) => `?${value}`),
);

const fieldNames = [
  'username',
  'password',
  'email',
  'first_name',
  'last_name',
  'refresh',
  'claim_code',
  'title',
  'category',
  'description',
  'priority_flag',
  'is_anonymous',
  'status',
  'message',
  'is_internal',
  'action',
  'request_type',
  'phone',
  'justification',
  'organization_type',
  'organization_name',
  'code',
  'name',
  'subject',
];

const jsonObject = fc.dictionary(
  fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 10 })),
  fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('pending', 'resolved', 'approve', 'abuse', 'individual', 'true', ''),
    fc.string({ maxLength: 300 }),
  ),
  { maxKeys: 8 },
);

type Body = { contentType: string | null; data: Buffer };

const multipartBody = fc
  .record({
    boundary: fc.oneof(fc.constant('xyz'), fc.stringMatching(/^[A-Za-z0-9'()+_,-./:=?]{1,70}$/)),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom(...fieldNames, 'file_upload'), fc.string({ maxLength: 8 })),
        filename: fc.option(fc.string({ maxLength: 12 })),
        type: fc.option(fc.constantFrom('image/jpeg', 'video/mp4', 'text/plain', '')),
        value: fc.uint8Array({ maxLength: 400 }),
      }),
      { maxLength: 6 },
    ),
    truncateBy: fc.nat({ max: 40 }),
    garbage: fc.boolean(),
  })
  .map(({ boundary, parts, truncateBy, garbage }): Body => {
    const contentType = `multipart/form-data; boundary=${boundary}`;
    if (garbage) return { contentType, data: Buffer.from('garbage') };
    const pieces: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${
        part.filename === null ? '' : `; filename="${part.filename}"`
      }`;
      const type = part.type === null ? '' : `Content-Type: ${part.type}\r\n`;
      pieces.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
        Buffer.from(part.value),
        Buffer.from('\r\n'),
      );
    }
    pieces.push(Buffer.from(`--${boundary}--\r\n`));
    const whole = Buffer.concat(pieces);
    return { contentType, data: whole.subarray(0, Math.max(0, whole.length - truncateBy)) };
  });

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ contentType: null, data: Buffer.alloc(0) }),
  {
    weight: 3,
    arbitrary: jsonObject.map((value) => ({
      contentType: 'application/json',
      data: Buffer.from(JSON.stringify(value)),
    })),
  },
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({
    contentType: 'application/json',
    data: Buffer.from(JSON.stringify(value) ?? ''),
  })),
  fc.string({ maxLength: 200 }).map((text) => ({
    contentType: 'application/json',
    data: Buffer.from(text),
  })),
  { weight: 3, arbitrary: multipartBody },
  fc
    .record({
      contentType: fc.oneof(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/octet-stream',
          'multipart/form-data',
          'multipart/mixed; boundary=a',
          'application/json; charset=utf-16',
          'application/json; charset=nonsense',
        ),
        fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
      ),
      data: fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes)),
    })
    .map((value) => value as Body),
);

/** Header names the raw request sets itself, or that would change how the exchange works. */
const framingHeaders = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'expect',
  'content-type',
  'authorization',
]);

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/).map((value) => value.trim());

const headers = fc.record({
  // Mostly a valid token, so requests get past the guards to the code behind them.
  authorization: fc.oneof(
    fc.constant(null),
    { weight: 4, arbitrary: fc.nat({ max: 2 }).map((index) => `Bearer ${tokens[index]}`) },
    fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'Bearer a.b.c', 'bearer x y'),
    headerValue,
  ),
  extra: fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'range',
          'accept',
          'accept-encoding',
          'x-forwarded-for',
          'origin',
          'cookie',
          'if-none-match',
          'sec-websocket-protocol',
          'content-encoding',
        ),
        fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
      ),
      fc.oneof(headerValue, fc.constantFrom('bytes=0-', 'bytes=5-1', 'bytes=-0', 'gzip')),
    ),
    { maxLength: 4 },
  ),
});

type Route = { method: string; url: string };

/** Fills each `:param` of a route pattern, sometimes with the id of a real report. */
function pathOf(route: Route, values: string[], useRealId: boolean, dropSlash: boolean) {
  let index = 0;
  const filled = route.url.replace(/:[A-Za-z]+/g, () => {
    const value = useRealId ? String(reportId) : (values[index] ?? '');
    index += 1;
    return value;
  });
  return dropSlash && filled.endsWith('/') ? filled.slice(0, -1) : filled;
}

function requestHead(
  route: Route,
  path: string,
  given: { authorization: string | null; extra: [string, string][] },
  content: Body,
) {
  const lines = [
    `${route.method} ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
  ];
  if (given.authorization !== null) lines.push(`Authorization: ${given.authorization}`);
  for (const [name, value] of given.extra) {
    if (!framingHeaders.has(name)) lines.push(`${name}: ${value}`);
  }
  if (content.contentType !== null) lines.push(`Content-Type: ${content.contentType}`);
  if (content.data.length > 0 || route.method !== 'GET') {
    lines.push(`Content-Length: ${content.data.length}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

describe('every route, under generated input', { timeout: 600_000 }, () => {
  it('never answers 5xx nor drops the connection, and the server stays up', async () => {
    const routes = t.app.routeTable.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 2, maxLength: 2 }),
          fc.boolean(),
          fc.boolean(),
          queryString,
          headers,
          body,
          async (values, useRealId, dropSlash, query, given, content) => {
            const path = `${pathOf(route, values, useRealId, dropSlash)}${query}`;
            const answer = await sendRaw(requestHead(route, path, given, content), content.data);
            const label = `${route.method} ${route.url} -> ${path}`;
            expect(answer.status, `${label}: connection closed without an answer`).not.toBeNull();
            expect(answer.status, label).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    const health = await sendRaw(
      `GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      Buffer.alloc(0),
    );
    expect(health.status).toBe(200);
  });
});
