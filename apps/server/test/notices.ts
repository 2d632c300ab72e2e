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
