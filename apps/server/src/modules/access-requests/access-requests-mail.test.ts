import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { application, applyOk, decide } from '../../../test/access-requests';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createSuperuser, createUser, type TestUser } from '../../../test/factories';
import { everythingIn } from '../../../test/mail';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { sendDueMail } from '../outbox/outbox';

/**
 * The decision on an application reaches the applicant. One made without an account has no
 * notices to read, so it goes by mail to the address the application gave, through a real SMTP
 * server: a rejection with its reason, an approval with the way to the account.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let superuser: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: smtp.env });
  superuser = await createSuperuser(t);
});
afterAll(async () => {
  await t?.app.close();
  await smtp?.close();
});

async function arrivedFor(address: string) {
  await sendDueMail(t.app.ctx);
  return smtp.to(address);
}

describe('the decision on an application made without an account', () => {
  it('is mailed to the address it gave: a rejection with its reason, as written', async () => {
    const body = application();
    const created = await applyOk(t, body);
    expect(created.claim_code).not.toBeNull();
    const reason = 'Please apply from your school address, so we can check it.';
    expect((await decide(t, superuser.headers, created.id, 'reject', reason)).statusCode).toBe(200);

    const mails = await arrivedFor(body.email as string);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.parsed.subject).toBe('Candor: your request for administrator access');
    expect(mail?.parsed.text).toContain(
      `Your request for admin access has been rejected. Reason: ${reason}`,
    );
    expect(mail?.parsed.text).toContain('https://candor.test/become-admin');
    // The invitation code never travels by mail: whoever reads the mailbox cannot use it.
    expect(everythingIn(mail as NonNullable<typeof mail>)).not.toContain(created.claim_code);
  });

  it('is mailed on approval with the way to create the account, and the code stays off it', async () => {
    const body = application();
    const created = await applyOk(t, body);
    expect((await decide(t, superuser.headers, created.id, 'approve')).statusCode).toBe(200);

    const [mail, ...more] = await arrivedFor(body.email as string);
    expect(more).toHaveLength(0);
    expect(mail?.parsed.text).toContain('Your request for admin access has been approved.');
    expect(mail?.parsed.text).toContain('https://candor.test/register');
    expect(everythingIn(mail as NonNullable<typeof mail>)).not.toContain(created.claim_code);
  });

  it('is not mailed to an applicant with an account: they are told in the app and alerted', async () => {
    const applicant = await createUser(t);
    const body = application();
    const created = await applyOk(t, body, applicant.headers);
    expect((await decide(t, superuser.headers, created.id, 'reject', 'Not now.')).statusCode).toBe(
      200,
    );
    expect(await arrivedFor(body.email as string)).toEqual([]);
  });
});
