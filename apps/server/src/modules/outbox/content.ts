import { randomUUID } from 'node:crypto';
import { type Language, rightToLeft } from '@candor/contract/languages';
import type { OutgoingMail } from '../../lib/mail';
import { localize } from '../../lib/texts';
import type { MailKind } from './outbox.repository';
import { encryptTo } from './pgp';

/** The subject of every alert: a mailbox list shows nothing about what is waiting. */
export const ALERT_SUBJECT = 'Candor: something needs your attention';

/** A subject in the recipient's language. */
export const subjectIn = (subject: string, language: Language | null) =>
  localize(subject, language);

/** What one alert is about, opened from its outbox row. */
export type AlertItem = { kind: MailKind; reference: string | null; title: string | null };

/** What the recipient is told an alert is, in an encrypted message only. */
const kindText: Partial<Record<MailKind, string>> = {
  new_report: 'A new report',
  reporter_reply: 'A reply from a reporter',
  deadline_soon: 'A legal deadline due in 2 days',
  deadline_missed: 'A legal deadline that was missed',
  escalation: 'A legal deadline missed for 7 days',
  access_changed: 'A change to your access',
  admin_request: 'A new administrator request',
};

type Body = { text: string; html: string };

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * A message's words in its recipient's language (packages/contract/src/messages): English,
 * byte for byte as before, when none is chosen.
 */
function page(
  language: Language | null,
  englishParagraphs: string[],
  list: string[],
  englishLink: { href: string; label: string },
): Body {
  const paragraphs = englishParagraphs.map((line) => localize(line, language));
  const link = { ...englishLink, label: localize(englishLink.label, language) };
  const lang = language ?? 'en';
  const dir = rightToLeft.has(lang) ? ' dir="rtl"' : '';
  const text = [
    ...paragraphs,
    ...(list.length > 0 ? [list.map((item) => `- ${item}`).join('\n')] : []),
    `${link.label}: ${link.href}`,
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${lang}"${dir}><head><meta charset="utf-8"><title>Candor</title></head>`,
    '<body style="font-family:sans-serif;color:#1a1a1a;background:#ffffff;line-height:1.5">',
    ...paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`),
    list.length > 0
      ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      : '',
    `<p><a href="${escapeHtml(link.href)}" style="color:#0b4f9c">${escapeHtml(link.label)}</a></p>`,
    '</body></html>',
  ].join('');
  return { text: `${text}\n`, html };
}

/**
 * An alert or a digest: only that something is waiting, the references and a link to sign in
 * (docs/operating.md "Email"). With `isPrivate` (it will be encrypted to the recipient's key), what each item
 * is and the report's title too.
 */
export function alertBody(
  items: AlertItem[],
  signInUrl: string,
  isPrivate: boolean,
  language: Language | null = null,
): Body {
  const say = (text: string) => localize(text, language);
  const lines = items
    .map((item) => {
      if (!isPrivate) return item.reference ? say(`Reference ${item.reference}`) : null;
      const what = say(kindText[item.kind] ?? 'Something');
      const parts = [what, item.reference ? say(`reference ${item.reference}`) : null, item.title];
      return parts.filter(Boolean).join(': ');
    })
    .filter((line): line is string => line !== null);
  const unique = [...new Set(lines)];
  return page(
    language,
    [
      items.length > 1
        ? 'Several things in Candor need your attention.'
        : 'Something in Candor needs your attention.',
    ],
    unique,
    { href: signInUrl, label: 'Sign in to see it' },
  );
}

export function verifyAddressBody(link: string, language: Language | null = null): Body {
  return page(
    language,
    [
      'Confirm that this address may receive alerts from Candor.',
      'The link works once and for 24 hours. If you did not ask for this, ignore this message.',
    ],
    [],
    { href: link, label: 'Confirm this address' },
  );
}

export function addressChangedBody(signInUrl: string, language: Language | null = null): Body {
  return page(
    language,
    [
      'The email address of your Candor account was changed: alerts will no longer come here.',
      'If you did not make this change, sign in and change your password, or tell the superuser.',
    ],
    [],
    { href: signInUrl, label: 'Sign in' },
  );
}

/**
 * The superuser's decision on an application made without an account, to the address it gave:
 * the decision in its own words (a rejection's reason included), and where to go next.
 */
export function accessDecisionBody(
  decision: string,
  next: string,
  language: Language | null = null,
): Body {
  const approved = next.endsWith('/register');
  return page(
    language,
    [
      decision,
      approved
        ? 'Create your account with the invitation code you were given when you applied: the account becomes an administrator.'
        : 'You can apply again with more detail.',
    ],
    [],
    { href: next, label: approved ? 'Create your account' : 'Apply again' },
  );
}

export function passwordResetBody(link: string, language: Language | null = null): Body {
  return page(
    language,
    [
      'Someone asked to reset the password of your Candor account.',
      'The link works once and for 15 minutes; using it ends every login of the account. Your second factor stays as it is. If you did not ask for this, ignore this message.',
    ],
    [],
    { href: link, label: 'Choose a new password' },
  );
}

const CRLF = '\r\n';

function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g)
      ?.join(CRLF) ?? ''
  );
}

/** The plain text and HTML parts as one MIME entity: what goes inside the encryption. */
function alternativeEntity(body: Body): string {
  const boundary = `alt-${randomUUID()}`;
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(body.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(body.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'candor.invalid';
}

/**
 * A PGP/MIME message (RFC 3156): the alternative entity encrypted to the key, in a
 * multipart/encrypted message. Null when the key can no longer encrypt (expired or revoked
 * since it was added): the caller then sends the content-free message.
 */
export async function encryptedMail(
  from: string,
  to: string,
  subject: string,
  body: Body,
  armoredKey: string,
): Promise<OutgoingMail | null> {
  const encrypted = await encryptTo(armoredKey, alternativeEntity(body));
  if (encrypted === null) return null;
  const boundary = `enc-${randomUUID()}`;
  const raw = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@${domainOf(from)}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/encrypted; protocol="application/pgp-encrypted"; boundary="${boundary}"`,
    '',
    'This is an OpenPGP/MIME encrypted message (RFC 4880 and 3156).',
    `--${boundary}`,
    'Content-Type: application/pgp-encrypted',
    'Content-Description: PGP/MIME version identification',
    '',
    'Version: 1',
    '',
    `--${boundary}`,
    'Content-Type: application/octet-stream; name="encrypted.asc"',
    'Content-Description: OpenPGP encrypted message',
    'Content-Disposition: inline; filename="encrypted.asc"',
    '',
    encrypted.replaceAll(/\r?\n/g, CRLF).trimEnd(),
    '',
    `--${boundary}--`,
    '',
  ].join(CRLF);
  return { to, raw };
}
