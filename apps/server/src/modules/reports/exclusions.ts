import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { reportExclusions } from '../../db/schema';

const HANDLER_TAG_PURPOSE = 'report.excluded-handler';

/**
 * The tag that stands for a handler in `report_exclusions`: a keyed hash of their id. Only the
 * server can compute it, so the table tells a dump reader that a report keeps someone out, never
 * whom, and nothing about the reporter (docs/design.md "Keeping a report from someone").
 */
export function handlerTagOf(ctx: Pick<AppContext, 'hash'>, userId: number): string {
  return ctx.hash(HANDLER_TAG_PURPOSE, String(userId));
}

export async function findExclusionTags(db: Executor, reportId: number): Promise<Set<string>> {
  const rows = await db
    .select({ tag: reportExclusions.handlerTag })
    .from(reportExclusions)
    .where(eq(reportExclusions.reportId, reportId));
  return new Set(rows.map((row) => row.tag));
}

export async function insertExclusions(
  ctx: Pick<AppContext, 'hash'>,
  tx: Executor,
  reportId: number,
  handlerIds: number[],
): Promise<void> {
  if (handlerIds.length === 0) return;
  await tx
    .insert(reportExclusions)
    .values(handlerIds.map((id) => ({ reportId, handlerTag: handlerTagOf(ctx, id) })));
}
