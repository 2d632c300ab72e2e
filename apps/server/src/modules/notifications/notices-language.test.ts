import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { everythingIn, verifyEmailOf } from '../../../test/mail';
import { createReport } from '../../../test/reports';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { ALERT_SUBJECT } from '../outbox/content';
import { sendDueMail } from '../outbox/outbox';

/**
 * Notices and alert mail in their recipient's language (docs/api.md "Languages"): written once,
 * in English, and drawn in each reader's saved language when read or sent.
 */
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: smtp.env });
});
afterAll(async () => {
  await t?.app.close();
  await smtp?.close();
});

async function chooseLanguage(user: TestUser, language: string) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/accounts/profile/',
    headers: user.headers,
    payload: { language },
  });
  expect(response.statusCode).toBe(200);
}

async function noticesOf(user: TestUser): Promise<{ id: number; message: string }[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notifications/',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('notices and alert mail in the reader’s language', () => {
  it('a Spanish administrator reads the new-report notice and its alert in Spanish, an English one in English', async () => {
    const organizationId = await createOrganization(t, 'Idiomas Org 7d2b');
    const spanish = await createAdmin(t, { organizationId });
    const english = await createAdmin(t, { organizationId });
    const spanishAddress = await verifyEmailOf(t, spanish.id);
    const englishAddress = await verifyEmailOf(t, english.id);
    await chooseLanguage(spanish, 'es');
    const reporter = await createUser(t, { organizationId });
    const spanishSeen = smtp.to(spanishAddress).length;
    const englishSeen = smtp.to(englishAddress).length;

    const title = 'Language notice 5f1e';
    await createReport(t, reporter, { title, description: 'Body of the report 9b3c' });

    const [spanishNotice] = await noticesOf(spanish);
    const [englishNotice] = await noticesOf(english);
    expect(spanishNotice?.message).toBe('Se ha presentado una nueva denuncia.');
    expect(englishNotice?.message).toBe('A new report was submitted.');

    // Marking it read answers it in the reader's language too.
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${spanishNotice?.id}/mark_read/`,
      headers: spanish.headers,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toBe('Se ha presentado una nueva denuncia.');

    await sendDueMail(t.app.ctx);
    const [spanishMail] = smtp.to(spanishAddress).slice(spanishSeen);
    const [englishMail] = smtp.to(englishAddress).slice(englishSeen);
    expect(spanishMail?.parsed.subject).toBe('Candor: algo requiere su atención');
    expect(spanishMail?.parsed.text).toContain('Algo en Candor requiere su atención.');
    expect(spanishMail?.parsed.text).toContain(
      'Inicie sesión para verlo: https://candor.test/login',
    );
    expect(spanishMail?.parsed.html).toContain('<html lang="es">');
    expect(englishMail?.parsed.subject).toBe(ALERT_SUBJECT);
    expect(englishMail?.parsed.text).toContain('Something in Candor needs your attention.');
    expect(englishMail?.parsed.text).toContain('Sign in to see it: https://candor.test/login');
    // Still content-free in every language.
    for (const mail of [spanishMail, englishMail]) {
      if (!mail) throw new Error('no mail arrived');
      expect(everythingIn(mail)).not.toContain(title);
      expect(everythingIn(mail)).not.toContain(reporter.username);
    }
  });

  it('a reporter who reads Arabic sees a status change in Arabic, the status included', async () => {
    const organizationId = await createOrganization(t, 'Arabic Org 2c4d');
    const admin = await createAdmin(t, { organizationId });
    const reporter = await createUser(t, { organizationId });
    await chooseLanguage(reporter, 'ar');
    const report = await createReport(t, reporter, { title: 'Status notice 6a1f' });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}/update/`,
      headers: admin.headers,
      payload: { status: 'under_review' },
    });
    expect(changed.statusCode).toBe(200);
    const messages = (await noticesOf(reporter)).map((notice) => notice.message);
    expect(messages).toContain('أصبحت حالة بلاغك الآن «قيد المراجعة».');

    // Back to English by default: the same notice reads as it was written.
    await chooseLanguage(reporter, 'en');
    const english = (await noticesOf(reporter)).map((notice) => notice.message);
    expect(english).toContain('Your report is now Under Review.');
  });
});
