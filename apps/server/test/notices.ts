import { eq, or, type SQL } from 'drizzle-orm';
import { notifications } from '../src/db/schema';
import { recipientTagOf } from '../src/modules/notifications/notifications.service';
import type { TestApp } from './app';

/** A user's notification rows: by id, or by keyed tag for notices about anonymous reports. */
export function addressedTo(t: TestApp, userId: number): SQL {
  return or(
    eq(notifications.userId, userId),
    eq(notifications.recipientTag, recipientTagOf(t.app.ctx, userId)),
  ) as SQL;
}
