import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getTestApp, getTestDatabase, type TestApp } from '../../../test/app';
import { createAdmin, createUser } from '../../../test/factories';
import { fileGuestReport } from '../../../test/intake';
import { connectLive, listenLocally } from '../../../test/live';
import { createReport } from '../../../test/reports';
import { openThrowawayDatabase } from '../../../test/throwaway-database';
import { scheduledJobs } from '../../db/schema';
import { createManualClock } from '../../lib/clock';

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';

describe('GET /api/ready/', () => {
  it('answers ready when the database answers and files can be stored', async () => {
    const t = await getTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
    });
  });

  it('answers 503 when the storage folder cannot be written', async () => {
    // A file where the uploads folder should be: no folder can be made there.
    const blocker = path.join(tmpdir(), `candor-ready-${process.pid}-${Date.now()}`);
    writeFileSync(blocker, 'not a folder');
    const broken = await buildTestApp({ env: { UPLOADS_DIR: path.join(blocker, 'uploads') } });
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/ready/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', storage: 'failed' },
      });
    } finally {
      await broken.app.close();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const throwaway = await openThrowawayDatabase();
    const broken = await buildTestApp({ database: throwaway.database });
    await throwaway.drop();
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/ready/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', storage: 'ok' },
      });
    } finally {
      await broken.app.close().catch(() => {});
    }
  });
});

describe('GET /api/metrics/', () => {
  const clock = createManualClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    const database = await getTestDatabase();
    await database.db.delete(scheduledJobs).where(eq(scheduledJobs.name, 'retention-purge'));
    t = await buildTestApp({
      env: { METRICS_TOKEN: TOKEN, RETENTION_PURGE_INTERVAL_MINUTES: '60' },
      clock,
    });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('is off (404) unless METRICS_TOKEN is set', async () => {
    const shared = await getTestApp();
    const response = await shared.app.inject({
      method: 'GET',
      url: '/api/metrics/',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 401 without the token, or with another', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/metrics/',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Send the metrics token as a bearer token.');
    }
  });

  it('counts requests by route pattern, sockets and job runs, and names nobody', async () => {
    const reporter = await createUser(t);
    const admin = await createAdmin(t);
    const report = await createReport(t, reporter, { title: 'Metrics report' });
    const named = await createReport(t, reporter, {
      title: 'Metrics named report',
      is_anonymous: 'false',
    });
    const guest = await fileGuestReport(t, null);
    for (const id of [report.id, named.id]) {
      for (const user of [reporter, admin]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/reports/${id}/?reference=${report.token}`,
          headers: user.headers,
        });
        expect(response.statusCode).toBe(200);
      }
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/no-such-place/${reporter.username}/${guest.reference}/`,
    });
    expect(missing.statusCode).toBe(404);
    // A live socket on a real port, its address naming the user and carrying their token.
    const base = await listenLocally(t.app);
    const live = connectLive(
      `${base}/ws/notifications/${reporter.id}/?token=${reporter.tokens.access}`,
    );
    await live.opened;
    clock.advance(2 * 60_000);
    const ran = await t.app.scheduler.runDue();
    expect(ran.map((outcome) => outcome.job)).toContain('retention-purge');

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    for (const family of [
      'candor_http_requests_total',
      'candor_http_request_duration_seconds',
      'candor_live_sockets',
      'candor_job_runs_total',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    expect(text).toContain(
      'candor_http_requests_total{method="GET",route="/api/reports/:id/",status="2xx"} 4',
    );
    expect(text).toContain(
      'candor_http_requests_total{method="GET",route="unmatched",status="4xx"} 1',
    );
    expect(text).toMatch(
      /candor_http_request_duration_seconds_count\{method="GET",route="\/api\/reports\/:id\/"\} 4/,
    );
    expect(text).toContain('candor_live_sockets 1');
    await live.close();
    expect(text).toContain('candor_job_runs_total{job="retention-purge",result="ok"} 1');

    // Nothing that names a person, a report or an address.
    const forbidden = [
      reporter.username,
      admin.username,
      report.token,
      named.token,
      guest.reference,
      guest.receipt,
      '127.0.0.1',
      `/${report.id}/`,
      `/${named.id}/`,
      `/${reporter.id}/`,
      reporter.tokens.access,
      'Metrics report',
    ];
    for (const value of forbidden) expect(text).not.toContain(value);
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((match) => match[1] as string);
    for (const value of labelValues) {
      // Route patterns, methods, status classes, job names, outcomes and bucket bounds only.
      expect(value).toMatch(
        /^(unmatched|\/[a-z0-9_/:*-]*|[A-Z]+|[1-5]xx|[a-z-]+|[0-9.e+]+|\+Inf)$/,
      );
      expect(value).not.toMatch(/\/\d+(\/|$)/);
    }
  });
});
