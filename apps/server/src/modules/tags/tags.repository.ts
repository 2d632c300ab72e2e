import type { Tag, TagColour } from '@candor/contract/tags';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reportLinks, reports, reportTagAssignments, reportTags } from '../../db/schema';

/** A scope's tags: an organisation's, or the platform's (null). */
function inScope(organizationId: number | null): SQL {
  return organizationId === null
    ? isNull(reportTags.organizationId)
    : eq(reportTags.organizationId, organizationId);
}

const tagColumns = { id: reportTags.id, name: reportTags.name, colour: reportTags.colour };

function asTag(row: { id: number; name: string; colour: string }): Tag {
  return { id: row.id, name: row.name, colour: row.colour as TagColour };
}

export async function findTags(db: Executor, organizationId: number | null): Promise<Tag[]> {
  const rows = await db
    .select(tagColumns)
    .from(reportTags)
    .where(inScope(organizationId))
    .orderBy(asc(sql`lower(${reportTags.name})`), asc(reportTags.id));
  return rows.map(asTag);
}

export async function countTags(db: Executor, organizationId: number | null): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(reportTags)
    .where(inScope(organizationId));
  return row?.total ?? 0;
}

/** The tag, when it is one of the scope's. */
export async function findTag(
  db: Executor,
  organizationId: number | null,
  id: number,
): Promise<Tag | null> {
  const [row] = await db
    .select(tagColumns)
    .from(reportTags)
    .where(and(eq(reportTags.id, id), inScope(organizationId)));
  return row ? asTag(row) : null;
}

/** The new tag's id, or null when the scope has a tag of that name already. */
export async function insertTag(
  db: Executor,
  organizationId: number | null,
  input: { name: string; colour: TagColour },
): Promise<number | null> {
  const [row] = await db
    .insert(reportTags)
    .values({ organizationId, name: input.name, colour: input.colour })
    .onConflictDoNothing()
    .returning({ id: reportTags.id });
  return row?.id ?? null;
}

/** Whether another tag of the scope has this name, whatever its case. */
export async function isNameTaken(
  db: Executor,
  organizationId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: reportTags.id })
    .from(reportTags)
    .where(
      and(
        inScope(organizationId),
        sql`lower(${reportTags.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${reportTags.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

export async function updateTag(
  db: Executor,
  id: number,
  input: { name: string; colour: TagColour },
): Promise<void> {
  await db.update(reportTags).set(input).where(eq(reportTags.id, id));
}

export async function deleteTag(db: Executor, id: number): Promise<void> {
  await db.delete(reportTags).where(eq(reportTags.id, id));
}

/** The scope's tags each report carries (other scopes' tags on them are not read). */
export async function findTagsOfReports(
  db: Executor,
  organizationId: number | null,
  reportIds: number[],
): Promise<Map<number, Tag[]>> {
  const byReport = new Map<number, Tag[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select({ reportId: reportTagAssignments.reportId, ...tagColumns })
    .from(reportTagAssignments)
    .innerJoin(reportTags, eq(reportTags.id, reportTagAssignments.tagId))
    .where(
      and(
        sql`${reportTagAssignments.reportId} = any(${sql.param(reportIds)}::int[])`,
        inScope(organizationId),
      ),
    )
    .orderBy(asc(sql`lower(${reportTags.name})`), asc(reportTags.id));
  for (const row of rows) {
    const tags = byReport.get(row.reportId) ?? [];
    tags.push(asTag(row));
    byReport.set(row.reportId, tags);
  }
  return byReport;
}

/** Puts the tag on the report; false when it was there already. */
export async function addReportTag(db: Executor, reportId: number, tagId: number) {
  const rows = await db
    .insert(reportTagAssignments)
    .values({ reportId, tagId })
    .onConflictDoNothing()
    .returning({ tagId: reportTagAssignments.tagId });
  return rows.length > 0;
}

/** Takes the tag off the report; false when it was not there. */
export async function removeReportTag(db: Executor, reportId: number, tagId: number) {
  const rows = await db
    .delete(reportTagAssignments)
    .where(and(eq(reportTagAssignments.reportId, reportId), eq(reportTagAssignments.tagId, tagId)))
    .returning({ tagId: reportTagAssignments.tagId });
  return rows.length > 0;
}

/** Every report linked to this one, either way round. */
export async function findLinkedReports(db: Executor, reportId: number) {
  const partner = sql<number>`case when ${reportLinks.lowId} = ${reportId} then ${reportLinks.highId} else ${reportLinks.lowId} end`;
  return db
    .select({
      id: reports.id,
      reference: reports.reference,
      title: reports.title,
      status: reports.status,
      organizationId: reports.organizationId,
      ownerUserId: reports.ownerUserId,
      ownerHash: reports.ownerHash,
    })
    .from(reportLinks)
    .innerJoin(reports, eq(reports.id, partner))
    .where(or(eq(reportLinks.lowId, reportId), eq(reportLinks.highId, reportId)))
    .orderBy(asc(reports.id));
}

/** Links two reports; false when they were linked already. */
export async function insertLink(db: Executor, a: number, b: number): Promise<boolean> {
  const rows = await db
    .insert(reportLinks)
    .values({ lowId: Math.min(a, b), highId: Math.max(a, b) })
    .onConflictDoNothing()
    .returning({ lowId: reportLinks.lowId });
  return rows.length > 0;
}

/** Unlinks two reports; false when they were not linked. */
export async function deleteLink(db: Executor, a: number, b: number): Promise<boolean> {
  const rows = await db
    .delete(reportLinks)
    .where(and(eq(reportLinks.lowId, Math.min(a, b)), eq(reportLinks.highId, Math.max(a, b))))
    .returning({ lowId: reportLinks.lowId });
  return rows.length > 0;
}
