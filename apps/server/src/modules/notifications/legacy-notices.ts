import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notifications, pendingConversions, reports } from '../../db/schema';
import type { NotificationContent } from './notifications.repository';
import { NOTIFICATION_PURPOSE, recipientTagOf } from './notifications.service';

const CONVERSION = 'notice-recipient-tags';
const BATCH = 500;

/**
 * Notices about anonymous reports written before recipient tags (migration 0017 asks for this
 * once): each is re-addressed to its recipient's tag, dated by its day, its precise time moved
 * into the sealed payload, as new notices are (schema.ts `notifications`). Answers how many.
 */
export async function readdressLegacyNotices(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
): Promise<number> {
  const [pending] = await ctx.db
    .select()
    .from(pendingConversions)
    .where(eq(pendingConversions.name, CONVERSION));
  if (!pending) return 0;
  let converted = 0;
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(and(isNotNull(notifications.userId), gt(notifications.id, after)))
      .orderBy(asc(notifications.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.id ?? after;
    const opened = rows.map((row) => ({
      row,
      content: ctx.sealer.openJson<NotificationContent>(row.payload, NOTIFICATION_PURPOSE),
    }));
    const reportIds = opened.flatMap(({ content }) => (content.report ? [content.report] : []));
    if (reportIds.length === 0) continue;
    const anonymous = new Set(
      (
        await ctx.db
          .select({ id: reports.id })
          .from(reports)
          .where(and(inArray(reports.id, reportIds), eq(reports.isAnonymous, true)))
      ).map((report) => report.id),
    );
    await ctx.db.transaction(async (tx) => {
      for (const { row, content } of opened) {
        if (!content.report || !anonymous.has(content.report) || row.userId === null) continue;
        await tx
          .update(notifications)
          .set({
            userId: null,
            recipientTag: recipientTagOf(ctx, row.userId),
            createdAt: sql`date_trunc('day', ${notifications.createdAt}, 'UTC')`,
            payload: ctx.sealer.sealJson(
              { ...content, at: content.at ?? row.createdAt.toISOString() },
              NOTIFICATION_PURPOSE,
            ),
          })
          .where(and(eq(notifications.id, row.id), eq(notifications.userId, row.userId)));
        converted += 1;
      }
    });
  }
  await ctx.db.delete(pendingConversions).where(eq(pendingConversions.name, CONVERSION));
  return converted;
}
