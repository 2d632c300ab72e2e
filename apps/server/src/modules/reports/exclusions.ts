import type { Reader } from '@candor/contract/reports';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { reportExclusions } from '../../db/schema';
import { findReaders } from './reports.repository';

const HANDLER_TAG_PURPOSE = 'report.excluded-handler';
const READER_ID_PURPOSE = 'report.reader';

/**
 * The id a reader is shown under to reporters: a keyed hash of their account's id, so a public
 * list of readers names no account, and the same handler keeps the same id from one page to the
 * next (the form sends it back).
 */
export function readerIdOf(ctx: Pick<AppContext, 'hash'>, userId: number): string {
  return ctx.hash(READER_ID_PURPOSE, String(userId)).slice(0, 24);
}

/** A reader as the server knows them: the account beside what reporters are shown. */
export type KnownReader = Reader & { userId: number };

/**
 * Who reads a report sent to an organisation (null: the platform), each under their opaque id,
 * their label, and their name when the organisation shows names.
 */
export async function readersOf(
  ctx: Pick<AppContext, 'hash'>,
  db: Executor,
  organizationId: number | null,
): Promise<KnownReader[]> {
  return (await findReaders(db, organizationId)).map((row) => ({
    id: readerIdOf(ctx, row.userId),
    label: row.label,
    name: row.name,
    userId: row.userId,
  }));
}

/** What a reporter is shown of the readers: never the account behind each. */
export function shownReaders(readers: KnownReader[]): Reader[] {
  return readers.map(({ id, label, name }) => ({ id, label, name }));
}

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
