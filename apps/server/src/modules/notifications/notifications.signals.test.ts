import { describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import {
  createNotifications,
  NOTIFICATIONS_CHANNEL,
  transactionWithNotices,
} from './notifications.service';

describe('live signals of writes committed at once', () => {
  it('sends every one, to accounts and to reporters, whatever statement carries it', async () => {
    const t = await getTestApp();
    const users = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const heard = new Set<string>();
    let expected = Number.POSITIVE_INFINITY;
    let allHeard: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      allHeard = resolve;
    });
    const stop = await t.database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
      heard.add(payload);
      if (heard.size >= expected) allHeard();
    });
    try {
      // Twelve writes at once, each committing its notices; the signals of those that commit
      // while one statement is on its way go together in the next.
      const writes = Array.from({ length: 12 }, (_, index) =>
        transactionWithNotices(t.app.ctx, (tx, outbox) =>
          createNotifications(
            t.app.ctx,
            tx,
            [
              { userId: (users[index % 3] as { id: number }).id, message: `Notice ${index}` },
              { reporterOf: 900_000 + index, message: `To a reporter ${index}` },
            ],
            outbox,
          ),
        ),
      );
      const signals = (await Promise.all(writes)).flat();
      expect(signals).toHaveLength(24);
      const sent = new Set(signals.map((signal) => JSON.stringify(signal)));
      expected = sent.size;
      if (heard.size >= expected) allHeard();
      await done;
      expect(heard).toEqual(sent);
    } finally {
      await stop();
    }
  });
});
