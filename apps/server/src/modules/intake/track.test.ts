import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationsOf } from '../../../test/access-requests';
import { buildTestApp, captureLogs, type TestApp } from '../../../test/app';
import { gpsPhoto as photo } from '../../../test/evidence-fixtures';
import { createAdmin, createOrganization, createUser, uniqueName } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import {
  fileGuestReport,
  openTrackSession,
  slugOf,
  solvedProof,
  submitGuestReport,
  trackAs,
} from '../../../test/intake';
import { pdfText } from '../../../test/pdf';
import { multipart, setReportStatus } from '../../../test/reports';
import { reportMessages, reports } from '../../db/schema';

const t = useTestApp();

/** An organisation with its admin, and a report a guest filed there. */
async function guestReport(app: TestApp = t, fields: Record<string, string> = {}) {
  const organizationId = await createOrganization(app, uniqueName('Depot'));
  const admin = await createAdmin(app, { organizationId });
  const created = await fileGuestReport(app, await slugOf(app, organizationId), fields);
  const [row] = await app.database.db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.reference, created.reference));
  return { admin, receipt: created.receipt, reportId: (row as { id: number }).id, created };
}

const adminSays = (admin: { headers: Record<string, string> }, id: number, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reports/${id}/comments/`,
    headers: admin.headers,
    payload: body,
  });

const asGuest = (
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/track/${path}`, headers, payload });

describe('POST /api/track/session/', () => {
  it('opens a session on the report with the right receipt, typed loosely', async () => {
    const { receipt, reportId, created } = await guestReport();
    const loose = ` ${receipt.replaceAll(' ', '-')} `;
    const response = await openTrackSession(t, loose);
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session.report).toMatchObject({
      id: reportId,
      token: created.reference,
      is_guest: true,
    });
    expect(session.changes).toEqual({
      is_first_visit: true,
      previous_status: null,
      new_replies: 0,
    });
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(session.expires_in).toBe(30 * 60);
  });

  it('refuses a wrong receipt and a malformed one, without saying more', async () => {
    await guestReport();
    const wrong = await openTrackSession(t, '0000 0000 0000 0000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      receipt: ['No report matches this receipt. Check the 16 digits and try again.'],
    });
    const short = await openTrackSession(t, '1234 5678');
    expect(short.json()).toEqual({ receipt: ['Enter the 16 digits of your receipt.'] });
  });

  it('takes the receipt from the body only', async () => {
    const { receipt } = await guestReport();
    const digits = receipt.replaceAll(' ', '');
    const inQuery = await t.app.inject({
      method: 'POST',
      url: `/api/track/session/?receipt=${digits}`,
      payload: {},
    });
    expect(inQuery.statusCode).toBe(400);
  });

  it('limits wrong receipts per address: past the limit even the right one waits', async () => {
    const limited = await buildTestApp({ env: { TRACK_FAILURES_PER_ADDRESS_PER_HOUR: '3' } });
    try {
      const { receipt } = await guestReport(limited);
      const from = (value: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/track/session/',
          payload: { receipt: value },
          remoteAddress,
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await from('1111 1111 1111 1111', '10.3.0.1')).statusCode);
      }
      const blocked = await from(receipt, '10.3.0.1');
      expect([...statuses, blocked.statusCode]).toEqual([400, 400, 400, 429]);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from(receipt, '10.3.0.2')).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it("past the hour's receipts from everyone, asks every browser for proof of work and never closes", async () => {
    const limited = await buildTestApp({ env: { TRACK_FAILURES_PER_HOUR: '3' } });
    try {
      const { receipt } = await guestReport(limited);
      const from = (value: string, remoteAddress: string, proof?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/track/session/',
          payload: proof === undefined ? { receipt: value } : { receipt: value, proof },
          remoteAddress,
        });
      const challenge = () => limited.app.inject({ method: 'GET', url: '/api/track/challenge/' });
      expect((await challenge()).json()).toBeNull();
      const statuses: number[] = [];
      for (const address of ['10.4.0.1', '10.4.0.2', '10.4.0.3']) {
        statuses.push((await from('2222 2222 2222 2222', address)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400]);
      // Past the budget: without a proof, 428 (nothing is checked), and the receipt still works
      // for whoever does the work.
      const unproven = await from(receipt, '10.4.0.9');
      expect(unproven.statusCode).toBe(428);
      expect(unproven.json().detail).toMatch(/longer anti-abuse check/);
      const issued = (await challenge()).json();
      expect(issued.parameters.data).toEqual({ purpose: 'track', level: 1 });
      const solution = await solveChallenge({ challenge: issued, deriveKey });
      const proof = JSON.stringify({ challenge: issued, solution });
      expect((await from(receipt, '10.4.0.9', proof)).statusCode).toBe(200);
      // Accepted once.
      expect((await from(receipt, '10.4.0.9', proof)).statusCode).toBe(400);
      // A proof made for filing a report is not one for /track.
      const forFiling = await solvedProof(limited);
      expect((await from(receipt, '10.4.0.10', forFiling)).statusCode).toBe(400);
    } finally {
      await limited.app.close();
    }
  });
});

describe('a guest session opens its own report only', () => {
  it('reads its report, and no other, and is no account token', async () => {
    const first = await guestReport();
    const second = await guestReport();
    const { headers, session } = await trackAs(t, first.receipt);
    const report = await asGuest('GET', 'report/', headers);
    expect(report.json().id).toBe(first.reportId);
    expect(report.json().id).not.toBe(second.reportId);

    // The guest token is not a bearer token for the account API.
    const asBearer = { authorization: `Bearer ${session.token}` };
    const viaAccounts = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${first.reportId}/`,
      headers: asBearer,
    });
    expect(viaAccounts.statusCode).toBe(401);
    // Nor does an account's token open /track.
    const user = await createUser(t);
    const withAccount = await asGuest('GET', 'report/', {
      authorization: `Guest ${user.tokens.access}`,
    });
    expect(withAccount.statusCode).toBe(401);
    // Nor a token changed by hand, nor none.
    const [head, , signature] = session.token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: String(second.reportId), aud: 'candor-track', iss: 'candor', exp: 9999999999 })).toString('base64url')}.${signature}`;
    expect((await asGuest('GET', 'report/', { authorization: `Guest ${forged}` })).statusCode).toBe(
      401,
    );
    const none = await asGuest('GET', 'report/', {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Enter your receipt to follow your report.' });
  });

  it('does not show up among any account’s own reports', async () => {
    const { reportId } = await guestReport();
    const user = await createUser(t);
    const mine = await t.app.inject({ method: 'GET', url: '/api/reports/', headers: user.headers });
    expect(mine.json().map((report: { id: number }) => report.id)).not.toContain(reportId);
  });

  it('answers 404 once the report is gone', async () => {
    const { receipt, reportId } = await guestReport();
    const { headers } = await trackAs(t, receipt);
    await t.database.db.delete(reports).where(eq(reports.id, reportId));
    expect((await asGuest('GET', 'report/', headers)).statusCode).toBe(404);
    expect((await openTrackSession(t, receipt)).statusCode).toBe(400);
  });
});

describe('following up at /track', () => {
  it('reads replies without internal notes or names, answers, and sees what changed', async () => {
    const { admin, receipt, reportId } = await guestReport();
    await trackAs(t, receipt);
    await adminSays(admin, reportId, { message: 'Who keeps the receipts?' });
    await adminSays(admin, reportId, { message: 'Check the safe first.', is_internal: true });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${reportId}/update/`,
      headers: admin.headers,
      payload: { status: 'under_review' },
    });

    const { headers, session } = await trackAs(t, receipt);
    expect(session.changes).toEqual({
      is_first_visit: false,
      previous_status: 'pending',
      new_replies: 1,
    });
    const thread = (await asGuest('GET', 'messages/', headers)).json();
    expect(thread).toEqual([
      expect.objectContaining({
        message: 'Who keeps the receipts?',
        is_sender_admin: true,
        is_current_user_sender: false,
        display_sender_name: 'Administrator',
      }),
    ]);
    expect(JSON.stringify(thread)).not.toContain(admin.username);

    const reply = await asGuest('POST', 'messages/', headers, { message: 'The treasurer.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      is_current_user_sender: true,
      display_sender_name: 'Anonymous reporter',
    });
    const [stored] = await t.database.db
      .select()
      .from(reportMessages)
      .where(eq(reportMessages.id, reply.json().id));
    expect(stored).toMatchObject({ senderKind: 'reporter', senderUserId: null });
    expect((await notificationsOf(t, admin.id)).map((n) => n.message)).toContain(
      'The reporter sent a new message.',
    );
    // Read during the visit: the next one starts from here.
    const next = await trackAs(t, receipt);
    expect(next.session.changes).toEqual({
      is_first_visit: false,
      previous_status: null,
      new_replies: 0,
    });
    // An internal-note flag from a guest is not accepted.
    const note = await asGuest('POST', 'messages/', headers, { message: 'x', is_internal: true });
    expect(note.statusCode).toBe(400);
  });

  it('adds a photo to a report without one, once', async () => {
    const { receipt } = await guestReport();
    const { headers } = await trackAs(t, receipt);
    const body = await multipart({}, photo);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/track/evidence/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().file_kind).toBe('image');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/track/evidence/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(again.json()).toEqual({
      detail: 'This report already has a file. Describe anything more in a message.',
    });
  });

  it('withdraws the report once', async () => {
    const { receipt, admin, reportId } = await guestReport();
    const { headers } = await trackAs(t, receipt);
    const cancelled = await asGuest('POST', 'cancel/', headers);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await asGuest('POST', 'cancel/', headers)).json()).toEqual({
      detail: 'This report has already been cancelled.',
    });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${reportId}/`,
      headers: admin.headers,
    });
    expect(seen.json().status).toBe('cancelled');
  });

  it('downloads the certificate once resolved, not before', async () => {
    const { receipt, reportId } = await guestReport();
    const { headers } = await trackAs(t, receipt);
    const early = await asGuest('GET', 'certificate/', headers);
    expect(early.statusCode).toBe(400);
    await setReportStatus(t, reportId, 'resolved');
    const pdf = await asGuest('GET', 'certificate/', headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('prints the title on the certificate only when the guest asks for it', async () => {
    const { receipt, reportId } = await guestReport(t, { title: 'Forklift keys left out' });
    const { headers } = await trackAs(t, receipt);
    await setReportStatus(t, reportId, 'resolved');
    const plain = await pdfText((await asGuest('GET', 'certificate/', headers)).rawPayload);
    expect(plain).toContain('Certificate of Resolution');
    expect(plain).not.toContain('Forklift keys left out');
    expect(plain.replaceAll(' ', '')).toContain('/verify?reference=');
    const titled = await pdfText(
      (await asGuest('GET', 'certificate/?title=true', headers)).rawPayload,
    );
    expect(titled).toContain('Forklift keys left out');
    const wrong = await asGuest('GET', 'certificate/?title=1', headers);
    expect(wrong.statusCode).toBe(400);
  });
});

describe('the log reader', () => {
  it('finds no receipt, address or report text in the logs of a whole guest lifecycle', async () => {
    const { capture, logger } = captureLogs();
    const logged = await buildTestApp({ logger });
    try {
      const organizationId = await createOrganization(logged, uniqueName('Logged Org'));
      const admin = await createAdmin(logged, { organizationId });
      const slug = await slugOf(logged, organizationId);
      const filed = await submitGuestReport(logged, slug, { title: 'Secret title xyzzy' }, photo, {
        remoteAddress: '10.77.66.55',
      });
      const { receipt } = filed.json();
      const wrong = await logged.app.inject({
        method: 'POST',
        url: '/api/track/session/',
        payload: { receipt: '9999 8888 7777 6666' },
        remoteAddress: '10.77.66.55',
      });
      expect(wrong.statusCode).toBe(400);
      const session = await logged.app.inject({
        method: 'POST',
        url: '/api/track/session/',
        payload: { receipt },
        remoteAddress: '10.77.66.55',
      });
      const { token, report } = session.json();
      await logged.app.inject({
        method: 'POST',
        url: `/api/reports/${report.id}/comments/`,
        headers: admin.headers,
        payload: { message: 'reply' },
      });
      await logged.app.inject({
        method: 'GET',
        url: '/api/track/messages/',
        headers: { authorization: `Guest ${token}` },
        remoteAddress: '10.77.66.55',
      });
      const text = capture.text();
      expect(capture.lines.length).toBeGreaterThan(3);
      for (const secret of [
        receipt,
        receipt.replaceAll(' ', ''),
        '9999888877776666',
        '10.77.66.55',
        token,
        'Secret title xyzzy',
        'IMG_0042',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await logged.app.close();
    }
  });
});
