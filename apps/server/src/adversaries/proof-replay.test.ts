import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { solvedProof, submitGuestReport } from '../../test/intake';

/**
 * A proof of work is accepted once, whichever server process it is sent to and whether or not
 * Redis is configured: used challenges are kept in the database (modules/intake/proof-of-work.ts).
 * Two apps on one database without Redis are two processes with counters of their own.
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await buildTestApp();
  second = await buildTestApp();
});
afterAll(async () => {
  await first?.app.close();
  await second?.app.close();
});

describe('a replayed proof of work', () => {
  it('is refused by another process without Redis', async () => {
    const proof = await solvedProof(first);
    expect((await submitGuestReport(first, null, { proof })).statusCode).toBe(201);
    const replayed = await submitGuestReport(second, null, { proof });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({
      detail: 'The anti-abuse check did not pass. Send the form again.',
    });
  });

  it('is accepted once when sent to both at the same moment', async () => {
    const proof = await solvedProof(first);
    const statuses = (
      await Promise.all([
        submitGuestReport(first, null, { proof }),
        submitGuestReport(second, null, { proof }),
        submitGuestReport(first, null, { proof }),
      ])
    ).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(2);
  });

  it('stays usable when the filing fails before it is stored', async () => {
    const proof = await solvedProof(first);
    const refused = await submitGuestReport(first, null, { proof, title: '' });
    expect(refused.statusCode).toBe(400);
    expect((await submitGuestReport(second, null, { proof })).statusCode).toBe(201);
  });
});
