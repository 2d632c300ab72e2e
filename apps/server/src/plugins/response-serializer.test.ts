import { type AdminReport, adminReportSchema, analyticsSchema } from '@candor/contract/admin';
import { listOrPageOf } from '@candor/contract/pagination';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getTestApp } from '../../test/app';
import { systemClock } from '../lib/clock';
import { createReadCache } from '../lib/read-cache';
import { createResponseSerializerCompiler } from './response-serializer';

const report: AdminReport = {
  id: 7,
  title: 'Broken "lock" on the \\ back door\n',
  description: 'Seen on Monday. ünïcødé ✓ \u2028',
  category: 'abuse',
  status: 'pending',
  submitted_at: '2026-01-02T03:04:05.678Z',
  updated_at: '2026-01-02T03:04:05.678Z',
  resolved_at: null,
  priority_flag: false,
  is_anonymous: true,
  is_premium_report: false,
  file_upload: null,
  file_kind: null,
  request_type: null,
  organization_name: null,
  organization_type: null,
  justification: null,
  token: 'CND-7K3Q-9XW2-M4TD',
  submitted_by_username: null,
  destination: 'platform',
  is_guest: false,
  acknowledge_by: '2026-01-09T03:04:05.678Z',
  acknowledged_at: null,
  feedback_by: '2026-04-02T03:04:05.678Z',
  feedback_at: null,
  purge_on: null,
  voice: null,
  unread_from_reporter: 2,
  assigned_to: { id: 3, username: 'handler "one"' },
  tags: [{ id: 4, name: 'Same "incident"', colour: 'blue' }],
};

/** A report with what must never be sent: the identity of its anonymous reporter. */
const leaky = { ...report, reporter_username: 'alice', owner_user_id: 41 };

async function appWith(verify: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify }));
  app.get('/list', { schema: { response: { 200: listOrPageOf(adminReportSchema) } } }, async () =>
    // Handlers are typed to their schema; a mistake that adds a field is what this guards.
    [leaky as AdminReport],
  );
  app.get(
    '/page',
    { schema: { response: { 200: listOrPageOf(adminReportSchema) } } },
    async () => ({
      count: 1,
      results: [leaky as AdminReport],
      reporter_username: 'alice',
    }),
  );
  app.get('/one', { schema: { response: { 200: adminReportSchema } } }, async () => leaky);
  await app.ready();
  return app;
}

describe('response serialization', () => {
  for (const verify of [false, true]) {
    describe(verify ? 'checked against zod' : 'as in production', () => {
      it('leaves out a key the response schema does not declare, at any depth', async () => {
        const app = await appWith(verify);
        for (const url of ['/list', '/page', '/one']) {
          const response = await app.inject({ url });
          expect(response.statusCode).toBe(200);
          expect(response.body).not.toContain('alice');
          expect(response.body).not.toContain('reporter_username');
          expect(response.body).not.toContain('owner_user_id');
        }
        expect((await app.inject({ url: '/one' })).json()).toEqual(report);
        expect((await app.inject({ url: '/list' })).json()).toEqual([report]);
        expect((await app.inject({ url: '/page' })).json()).toEqual({
          count: 1,
          results: [report],
        });
        await app.close();
      });
    });
  }

  it('writes the same bytes as zod and JSON.stringify', async () => {
    const app = await appWith(false);
    const body = (await app.inject({ url: '/page' })).body;
    const viaZod = JSON.stringify(
      listOrPageOf(adminReportSchema).parse({ count: 1, results: [leaky] }),
    );
    expect(body).toBe(viaZod);
    await app.close();
  });

  it('serializes records keyed by an enum as zod does', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(createResponseSerializerCompiler({ verify: true }));
    const analytics = {
      total_reports: 3,
      reports_by_status: {
        pending: 1,
        under_review: 1,
        resolved: 1,
        rejected: 0,
        cancelled: 0,
        escalated: 0,
      },
      priority_reports_count: 0,
      anonymous_vs_identified_reports: { true: 1, false: 2 },
      reports_by_category: { abuse: 1, corruption: 1, harassment: 1, other: 0 },
      deadlines: analyticsSchema.shape.deadlines.parse({
        acknowledgements_due: 1,
        acknowledged_on_time: 1,
        feedback_due: 0,
        feedback_on_time: 0,
        overdue_now: 0,
        due_soon: 0,
      }),
    };
    app.get(
      '/analytics',
      { schema: { response: { 200: analyticsSchema } } },
      async () => analytics,
    );
    await app.ready();
    const response = await app.inject({ url: '/analytics' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(analytics);
    await app.close();
  });
});

describe('an answer a read cache keeps', () => {
  it('is written from the text made for it the first time; any other answer anew', async () => {
    const t = await getTestApp();
    const reads = createReadCache({ clock: systemClock, ttlMs: 60_000 });
    let counted = 0;
    // Each time an answer is written its value is read: a getter counts it.
    const counting = () => ({
      get count() {
        counted += 1;
        return 3;
      },
    });
    const schema = z.object({ count: z.number() });
    const caller = { id: 1, role: 'admin', isSuperuser: false, organizationId: null, plan: 'free' };
    const kept = () =>
      reads.through(t.database.db, { read: 'counted', caller, versions: [] }, async () =>
        counting(),
      );
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(createResponseSerializerCompiler({ verify: false }));
    app.get('/kept', { schema: { response: { 200: schema } } }, kept);
    app.get('/fresh', { schema: { response: { 200: schema } } }, async () => counting());
    await app.ready();

    const first = await app.inject({ url: '/kept' });
    expect(first.json()).toEqual({ count: 3 });
    const afterFirst = counted;
    const second = await app.inject({ url: '/kept' });
    expect(second.body).toBe(first.body);
    // Given the same frozen answer (the cache's), and not written again.
    expect(counted).toBe(afterFirst);

    await app.inject({ url: '/fresh' });
    const afterFresh = counted;
    await app.inject({ url: '/fresh' });
    expect(counted).toBe(afterFresh + 1);
    await app.close();
  });
});
