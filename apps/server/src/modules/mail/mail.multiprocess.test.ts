import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openSecondHandle, type TestApp } from '../../../test/app';
import { createAdmin, createOrganization } from '../../../test/factories';
import { everythingIn, outboxRows, verifyEmailOf } from '../../../test/mail';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import type { DatabaseHandle } from '../../db/client';
import { queueAlerts, sendDueMail } from '../outbox/outbox';

// Included only with TEST_DATABASE_URL (vitest.config.ts): two servers, each with its own pool
// on one PostgreSQL database, send the same outbox at once.
let smtp: TestSmtpServer;
let a: TestApp;
let b: TestApp;
let second: DatabaseHandle;

beforeAll(async () => {
  smtp = await startSmtpServer();
  a = await buildTestApp({ env: smtp.env });
  second = await openSecondHandle();
  b = await buildTestApp({ env: smtp.env, database: second });
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await second?.close();
  await smtp?.close();
});

describe('two servers sending one outbox', () => {
  it('deliver each message exactly once', async () => {
    const organizationId = await createOrganization(a);
    const admin = await createAdmin(a, { organizationId });
    const address = await verifyEmailOf(a, admin.id);
    const references = Array.from({ length: 240 }, (_, index) => `CND-TWO-${1000 + index}`);
    await a.app.ctx.db.transaction((tx) =>
      queueAlerts(
        a.app.ctx,
        tx,
        references.map((reference) => ({ userId: admin.id, kind: 'new_report', reference })),
      ),
    );
    const [fromA, fromB] = await Promise.all([sendDueMail(a.app.ctx), sendDueMail(b.app.ctx)]);
    expect(fromA.sent + fromB.sent).toBe(references.length);
    // Both took part: the claims interleaved rather than one server doing it all.
    expect(fromA.sent).toBeGreaterThan(0);
    expect(fromB.sent).toBeGreaterThan(0);
    const received = smtp.to(address).map((mail) => everythingIn(mail));
    for (const reference of references) {
      expect(received.filter((text) => text.includes(reference))).toHaveLength(1);
    }
    expect(received).toHaveLength(references.length);
    expect((await outboxRows(a)).filter((row) => row.state === 'pending')).toEqual([]);
  });
});
