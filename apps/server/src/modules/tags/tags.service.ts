import type { RelatedReport, ReportLinkInput, Tag, TagInput } from '@candor/contract/tags';
import { TAGS_PER_REPORT_MAX, TAGS_PER_SCOPE_MAX } from '@candor/contract/tags';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { groupsOfFour, normalizeHumanCode } from '../../lib/codes';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import {
  inAdminScope,
  isExcludedFrom,
  isPlatformsToHandle,
  loadAdministeredReport,
} from '../reports/report-access';
import { findReportByReference } from '../reports/reports.service';
import * as repo from './tags.repository';

/** A tag of the caller's scope, for the bulk actions that name one. */
export { findTag } from './tags.repository';

/** The one answer for a tag id that is not one of the caller's scope, whatever the reason. */
export const NO_SUCH_TAG = 'Choose one of your tags.';
const NAME_TAKEN = 'A tag of that name exists already.';

function actorOf(admin: AuthUser) {
  return { actorUserId: admin.id, actorRole: admin.isSuperuser ? 'superuser' : 'admin' } as const;
}

/** The tags of the caller's scope: their organisation's, or the platform's. */
export function listTags(ctx: AppContext, admin: AuthUser): Promise<Tag[]> {
  return repo.findTags(ctx.db, admin.organizationId);
}

export async function createTag(ctx: AppContext, admin: AuthUser, input: TagInput): Promise<Tag> {
  if ((await repo.countTags(ctx.db, admin.organizationId)) >= TAGS_PER_SCOPE_MAX) {
    throw new BadRequestError(`An organisation has at most ${TAGS_PER_SCOPE_MAX} tags.`);
  }
  if (await repo.isNameTaken(ctx.db, admin.organizationId, input.name)) {
    throw new ConflictError(NAME_TAKEN);
  }
  return ctx.db.transaction(async (tx) => {
    const id = await repo.insertTag(tx, admin.organizationId, input);
    if (id === null) throw new ConflictError(NAME_TAKEN);
    await insertAuditEntry(tx, {
      ...actorOf(admin),
      action: 'tag.created',
      objectType: 'tag',
      objectId: id,
      details: { name: input.name, colour: input.colour },
    });
    return { id, ...input };
  });
}

async function loadTag(ctx: AppContext, admin: AuthUser, id: number): Promise<Tag> {
  const tag = await repo.findTag(ctx.db, admin.organizationId, id);
  if (!tag) throw new NotFoundError();
  return tag;
}

export async function updateTag(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  input: TagInput,
): Promise<Tag> {
  const before = await loadTag(ctx, admin, id);
  if (await repo.isNameTaken(ctx.db, admin.organizationId, input.name, id)) {
    throw new ConflictError(NAME_TAKEN);
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateTag(tx, id, input);
    await insertAuditEntry(tx, {
      ...actorOf(admin),
      action: 'tag.updated',
      objectType: 'tag',
      objectId: id,
      details: { from: { name: before.name, colour: before.colour }, to: input },
    });
  });
  return { id, ...input };
}

/** Deletes the tag, and so takes it off every report. */
export async function deleteTag(ctx: AppContext, admin: AuthUser, id: number): Promise<void> {
  const tag = await loadTag(ctx, admin, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteTag(tx, id);
    await insertAuditEntry(tx, {
      ...actorOf(admin),
      action: 'tag.deleted',
      objectType: 'tag',
      objectId: id,
      details: { name: tag.name },
    });
  });
}

/** The scope's tags a report carries. */
export async function tagsOfReports(
  ctx: AppContext,
  admin: AuthUser,
  reportIds: number[],
): Promise<Map<number, Tag[]>> {
  return repo.findTagsOfReports(ctx.db, admin.organizationId, reportIds);
}

/**
 * Puts one of the scope's tags on a report the caller handles, or takes it off (`remove`).
 * Audited when it changes anything. Answers the report's tags.
 */
export async function changeReportTag(
  ctx: AppContext,
  admin: AuthUser,
  reportId: number,
  tagId: number,
  remove = false,
): Promise<Tag[]> {
  const report = await loadAdministeredReport(ctx, admin, reportId);
  const tag = await repo.findTag(ctx.db, admin.organizationId, tagId);
  if (!tag) throw new BadRequestError(NO_SUCH_TAG);
  await ctx.db.transaction(async (tx) => {
    const current = (await repo.findTagsOfReports(tx, admin.organizationId, [report.id])).get(
      report.id,
    );
    if (!remove && (current?.length ?? 0) >= TAGS_PER_REPORT_MAX) {
      throw new BadRequestError(`A report carries at most ${TAGS_PER_REPORT_MAX} tags.`);
    }
    const changed = remove
      ? await repo.removeReportTag(tx, report.id, tag.id)
      : await repo.addReportTag(tx, report.id, tag.id);
    if (changed) {
      await insertAuditEntry(tx, {
        ...actorOf(admin),
        action: 'report.tags_changed',
        objectType: 'report',
        objectId: report.id,
        details: remove ? { removed: tag.id } : { added: tag.id },
      });
    }
  });
  return (await tagsOfReports(ctx, admin, [report.id])).get(report.id) ?? [];
}

/** Sets every tag of the scope a report carries to `tagIds`; one audit row for the change. */
export async function setReportTags(
  ctx: AppContext,
  admin: AuthUser,
  reportId: number,
  tagIds: number[],
): Promise<Tag[]> {
  const report = await loadAdministeredReport(ctx, admin, reportId);
  const wanted = new Set(tagIds);
  const scope = new Set((await repo.findTags(ctx.db, admin.organizationId)).map((tag) => tag.id));
  for (const id of wanted) if (!scope.has(id)) throw new BadRequestError(NO_SUCH_TAG);
  await ctx.db.transaction(async (tx) => {
    const current = new Set(
      (
        (await repo.findTagsOfReports(tx, admin.organizationId, [report.id])).get(report.id) ?? []
      ).map((tag) => tag.id),
    );
    const added = [...wanted].filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !wanted.has(id));
    for (const id of added) await repo.addReportTag(tx, report.id, id);
    for (const id of removed) await repo.removeReportTag(tx, report.id, id);
    if (added.length + removed.length > 0) {
      await insertAuditEntry(tx, {
        ...actorOf(admin),
        action: 'report.tags_changed',
        objectType: 'report',
        objectId: report.id,
        details: { added, removed },
      });
    }
  });
  return (await tagsOfReports(ctx, admin, [report.id])).get(report.id) ?? [];
}

/**
 * Whether the report is in the caller's admin list: in scope, and not kept from them by its
 * reporter. A related report that is not stays unknown to them.
 */
async function isInList(
  ctx: AppContext,
  admin: AuthUser,
  report: Parameters<typeof isPlatformsToHandle>[1],
): Promise<boolean> {
  const waiting =
    admin.organizationId === null &&
    report.organizationId !== null &&
    (await isPlatformsToHandle(ctx, report));
  return inAdminScope(admin, report, waiting) && !(await isExcludedFrom(ctx, admin.id, report.id));
}

/** The reports related to one the caller handles, those in their list only. */
export async function listRelated(
  ctx: AppContext,
  admin: AuthUser,
  reportId: number,
): Promise<RelatedReport[]> {
  await loadAdministeredReport(ctx, admin, reportId);
  const related: RelatedReport[] = [];
  for (const other of await repo.findLinkedReports(ctx.db, reportId)) {
    if (await isInList(ctx, admin, other)) {
      related.push({
        id: other.id,
        reference: other.reference,
        title: other.title,
        status: other.status,
      });
    }
  }
  return related;
}

/** A reference as typed (any case, with or without dashes) in the form it is stored in. */
export function canonicalReference(typed: string): string {
  const symbols = normalizeHumanCode(typed);
  return /^CND[0-9A-Z]{12}$/.test(symbols) ? `CND-${groupsOfFour(symbols.slice(3))}` : symbols;
}

/**
 * The other report of a link: one the caller handles, of the same scope as `report`. Any other
 * answers the 404 of a report that does not exist.
 */
async function loadPartner(
  ctx: AppContext,
  admin: AuthUser,
  report: { id: number; organizationId: number | null },
  partnerId: number,
) {
  const partner = await loadAdministeredReport(ctx, admin, partnerId).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw error;
    throw new NotFoundError();
  });
  if (partner.organizationId !== report.organizationId || partner.id === report.id) {
    throw new NotFoundError();
  }
  return partner;
}

/** Links the report to another by its reference number; audited on both. */
export async function linkReports(
  ctx: AppContext,
  admin: AuthUser,
  reportId: number,
  input: ReportLinkInput,
): Promise<RelatedReport[]> {
  const report = await loadAdministeredReport(ctx, admin, reportId);
  const found = await findReportByReference(ctx.db, canonicalReference(input.reference));
  if (!found) throw new NotFoundError();
  const partner = await loadPartner(ctx, admin, report, found.id);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.insertLink(tx, report.id, partner.id))) return;
    await auditLinkChange(tx, admin, 'report.linked', report.id, partner.id);
  });
  return listRelated(ctx, admin, report.id);
}

/** A link made or removed is recorded on both reports, each naming the other. */
async function auditLinkChange(
  tx: Executor,
  admin: AuthUser,
  action: 'report.linked' | 'report.unlinked',
  reportId: number,
  partnerId: number,
) {
  for (const [one, other] of [
    [reportId, partnerId],
    [partnerId, reportId],
  ] as const) {
    await insertAuditEntry(tx, {
      ...actorOf(admin),
      action,
      objectType: 'report',
      objectId: one,
      details: { related: other },
    });
  }
}

/** Unlinks two reports; audited on both. */
export async function unlinkReports(
  ctx: AppContext,
  admin: AuthUser,
  reportId: number,
  otherId: number,
): Promise<RelatedReport[]> {
  const report = await loadAdministeredReport(ctx, admin, reportId);
  const partner = await loadPartner(ctx, admin, report, otherId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteLink(tx, report.id, partner.id))) throw new NotFoundError();
    await auditLinkChange(tx, admin, 'report.unlinked', report.id, partner.id);
  });
  return listRelated(ctx, admin, report.id);
}
