import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { notifications } from '../src/db/schema';
import { noticeReaderOf } from '../src/modules/notifications/notifications.service';
import type { TestApp } from './app';

/**
 * A user's notification rows: addressed to their account, or to them as the reporter of one of
 * their anonymous reports (one tag per report, found through their index).
 */
export async function addressedTo(t: TestApp, userId: number): Promise<SQL> {
  const { recipient } = await noticeReaderOf(t.app.ctx, userId);
  if (recipient.tags.length === 0) return eq(notifications.userId, userId);
  return or(
    eq(notifications.userId, userId),
    inArray(notifications.recipientTag, recipient.tags),
  ) as SQL;
}

/**
 * Email alerts' outbox rows as a one-statement write takes them (outbox.ts `alertRowsParam`),
 * each carrying `payload`, so the test that writes them can find and remove them. Never due: the
 * outbox's own tests send what is due in this database.
 */
export function unsentAlertsTo(userIds: number[], kind: string, payload: Buffer): string {
  return JSON.stringify(
    userIds.map((userId) => ({
      user_id: userId,
      kind,
      payload: payload.toString('base64'),
      digest_tag: null,
      next_attempt_at: '2999-01-01T00:00:00Z',
    })),
  );
}
