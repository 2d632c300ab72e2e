import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../test/app';
import { readEvidenceFixture } from '../../test/evidence-fixtures';
import { createUser } from '../../test/factories';
import { createReport } from '../../test/reports';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

/** Every answer carries the same strict headers, whatever its outcome. */
const expectStrictHeaders = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  expect(headers['permissions-policy']).toContain('geolocation=()');
  expect(headers['x-powered-by']).toBeUndefined();
};

describe('security headers', () => {
  it.each([
    ['a success', 'GET', '/api/health/', undefined, 200],
    ['an unknown route', 'GET', '/api/nowhere/', undefined, 404],
    ['a refused token', 'GET', '/api/reports/', undefined, 401],
    ['malformed JSON', 'POST', '/api/accounts/login/', '{"username":', 400],
  ] as const)('are sent on %s', async (_case, method, url, payload, status) => {
    const response = await t.app.inject({
      method,
      url,
      payload,
      headers: payload ? { 'content-type': 'application/json' } : {},
    });
    expect(response.statusCode).toBe(status);
    expectStrictHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('give way to the sandboxing policy the evidence route sets for a stored file', async () => {
    const user = await createUser(t);
    const report = await createReport(
      t,
      user,
      {},
      { name: 'photo.jpg', type: 'image/jpeg', data: readEvidenceFixture('photo-gps.jpg') },
    );
    const response = await t.app.inject({ method: 'GET', url: report.file_upload as string });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
