import { sql } from 'drizzle-orm';
import { mailSettings } from '../src/db/schema';
import type { TestApp } from './app';
import type { ReceivedMail } from './smtp';
import { sqlRows } from './sql';

/**
 * Marks the account's current email verified, as following the link does (the link itself is
 * tested in mail-settings.test.ts).
 */
export async function verifyEmailOf(t: TestApp, userId: number): Promise<string> {
  const [row] = await sqlRows<{ email: string }>(
    t.database.db,
    sql`select email from users where id = ${userId}`,
  );
  const email = row?.email as string;
  await t.database.db
    .insert(mailSettings)
    .values({ userId, verifiedEmail: email })
    .onConflictDoUpdate({ target: mailSettings.userId, set: { verifiedEmail: email } });
  return email;
}

/** Every byte a mailbox would hold of a message, and every part decoded, for text searches. */
export function everythingIn(mail: ReceivedMail): string {
  const parts = [mail.raw, mail.parsed.subject ?? '', mail.parsed.text ?? ''];
  if (typeof mail.parsed.html === 'string') parts.push(mail.parsed.html);
  for (const attachment of mail.parsed.attachments) parts.push(attachment.content.toString('utf8'));
  return parts.join('\n');
}

export async function outboxRows(t: TestApp) {
  return sqlRows<{ kind: string; state: string; attempts: number }>(
    t.database.db,
    sql`select kind, state, attempts from mail_outbox order by next_attempt_at`,
  );
}
