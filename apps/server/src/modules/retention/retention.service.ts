import { type AppContext, forgetReportInMemory } from '../../context';
import { utcDay } from '../../lib/day';
import { errorSummary } from '../../lib/logger';
import type { JobDefinition } from '../../lib/scheduler';
import { insertAuditEntry } from '../audit/audit.service';
import {
  NOTIFICATION_PURPOSE,
  type NotificationContent,
} from '../notifications/notifications.service';
import { resealOwnerIndex } from '../owners/owner-index';
import { voiceKeysOfReports } from '../voice/voice.service';
import * as repo from './retention.repository';

/** An organisation's retention, set when the organisation is created or changed. */
export { setOrganizationRetention } from './retention.repository';

/** Reports purged per transaction batch, and notices read per page when looking for theirs. */
const BATCH = 100;
const NOTICE_PAGE = 500;

/**
 * Which of the notices name one of `reportIds`: their content (report id included) is sealed,
 * so each is opened; grouped by report.
 */
async function noticesAbout(
  ctx: Pick<AppContext, 'db' | 'sealer'>,
  reportIds: ReadonlySet<number>,
): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  let afterId = 0;
  for (;;) {
    const page = await repo.pageNotifications(ctx.db, afterId, NOTICE_PAGE);
    for (const row of page) {
      const content = ctx.sealer.openJson<NotificationContent>(row.payload, NOTIFICATION_PURPOSE);
      if (content.report !== null && reportIds.has(content.report)) {
        found.set(content.report, [...(found.get(content.report) ?? []), row.id]);
      }
    }
    if (page.length < NOTICE_PAGE) return found;
    afterId = page.at(-1)?.id ?? afterId;
  }
}

/**
 * Purges every closed report whose retention is over on the UTC day of `now`: the report with
 * its messages, administrators' reads and receipt (their rows cascade), its notices, then its
 * evidence file, and at the end of the run its entry in its reporter's sealed index. One row stays, in the audit log:
 * a tombstone that says a report was purged and nothing of what it held.
 *
 * The tombstone names the report by its internal id and nothing else. The id is a counter: it
 * says nothing of the report's content or its reporter, and the audit rows written while the
 * report lived (append-only, so they stay) already carry it, so the tombstone adds nothing a
 * holder of the id could not learn before; it closes the report's history in the log. The
 * reference is left out: it is the one value handed to the reporter to keep (on the receipt
 * page, their notices, the certificate), so a tombstone holding it would tie whoever holds a
 * reporter's papers to a row the platform keeps forever, after the report itself is gone. No
 * title, no reporter, no organisation, no flag for anonymity: an anonymous report's tombstone
 * is the same as an identified one's, and its actor is the system.
 *
 * Safe with several server processes: the scheduler runs each slot once, and each report is
 * deleted by a conditional delete inside its own transaction, so a second run finds it gone.
 */
export async function purgeExpiredReports(
  ctx: Pick<
    AppContext,
    'db' | 'sealer' | 'hash' | 'storage' | 'config' | 'log' | 'searchTexts' | 'reads' | 'writes'
  >,
  options: { now: Date; signal?: AbortSignal },
): Promise<{ purged: number; files: number }> {
  const today = utcDay(options.now.getTime());
  let purged = 0;
  let files = 0;
  const anonymous = new Set<number>();
  for (;;) {
    if (options.signal?.aborted) break;
    const due = await repo.findDueReports(ctx.db, {
      today,
      platformDays: ctx.config.retention.days,
      limit: BATCH,
    });
    if (due.length === 0) break;
    const notices = await noticesAbout(ctx, new Set(due.map((report) => report.id)));
    for (const report of due) {
      let voiceKeys: string[] = [];
      const removed = await ctx.db.transaction(async (tx) => {
        // Its voice messages' rows go with it; their files are removed after, like evidence.
        voiceKeys = await voiceKeysOfReports(tx, [report.id]);
        if (!(await repo.deleteClosedReport(tx, report.id))) return false;
        await repo.deleteNotifications(tx, notices.get(report.id) ?? []);
        await insertAuditEntry(tx, {
          actorUserId: null,
          actorRole: 'system',
          action: 'report.purged',
          objectType: 'report',
          objectId: report.id,
          details: {},
        });
        return true;
      });
      if (!removed) continue;
      purged += 1;
      if (report.isAnonymous && !report.isGuest) anonymous.add(report.id);
      forgetReportInMemory(ctx, report.id);
      // The row is gone first; a file whose removal fails now is removed by the evidence sweep.
      if (report.evidenceKey) {
        try {
          await ctx.storage.delete(report.evidenceKey);
          files += 1;
        } catch (error) {
          ctx.log.warn({ error: errorSummary(error) }, 'could not remove a purged report’s file');
        }
      }
      for (const key of voiceKeys) {
        try {
          await ctx.storage.delete(key);
          files += 1;
        } catch (error) {
          ctx.log.warn({ error: errorSummary(error) }, 'could not remove a purged report’s file');
        }
      }
    }
    if (due.length < BATCH) break;
  }
  // Off their reporters' sealed indexes, every row sealed anew (owners/owner-index.ts): a comparison
  // of the table before and after does not single out the reporter of a purged report.
  if (anonymous.size > 0) await resealOwnerIndex(ctx, anonymous);
  return { purged, files };
}

/**
 * The purge as a scheduled job: every RETENTION_PURGE_INTERVAL_MINUTES (hourly by default, so a
 * purge day is met within its first hour), the first a minute after the job is first scheduled;
 * none when the interval is 0.
 */
export function retentionJob(
  ctx: Pick<
    AppContext,
    'db' | 'sealer' | 'hash' | 'storage' | 'config' | 'log' | 'searchTexts' | 'reads' | 'writes'
  >,
): JobDefinition | null {
  const intervalMs = ctx.config.retention.purgeIntervalMs;
  if (intervalMs === 0) return null;
  return {
    name: 'retention-purge',
    intervalMs,
    firstRunDelayMs: Math.min(intervalMs, 60_000),
    async run({ now, signal }) {
      const { purged, files } = await purgeExpiredReports(ctx, { now, signal });
      return `purged ${purged} report(s), ${files} file(s)`;
    },
  };
}
