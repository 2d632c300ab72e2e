import { randomBytes } from 'node:crypto';
import type { Report } from '@candor/contract/reports';
import { createReportFieldsSchema } from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { newReportReference } from '../../lib/codes';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { extensionOfMime, sanitizeEvidence } from '../../lib/evidence';
import { parseOrThrow } from '../../lib/validation';
import type { AuthUser } from '../accounts/caller';
import { insertAuditEntry } from '../audit/audit.repository';
import { checkEvidenceLink } from './evidence-links';
import {
  loadAccessibleReport,
  notifyReportAdmins,
  OWNER_SEALED_PURPOSE,
  ownerHashOf,
  type SealedOwner,
} from './report-access';
import { DESCRIPTION_PURPOSE, EVIDENCE_PURPOSE, toReportPayload } from './report-view';
import * as repo from './reports.repository';

type StoredEvidence = { key: string; mime: string; size: number };

async function storeEvidence(ctx: AppContext, file: Buffer): Promise<StoredEvidence> {
  const clean = await sanitizeEvidence(file, { maxPixels: ctx.config.uploads.maxImagePixels });
  const key = randomBytes(16).toString('hex');
  await ctx.storage.put(key, ctx.sealer.seal(clean.data, EVIDENCE_PURPOSE));
  return { key, mime: clean.mime, size: clean.data.length };
}

async function uniqueReference(ctx: AppContext): Promise<string> {
  for (;;) {
    const reference = newReportReference();
    if (!(await repo.isReferenceTaken(ctx.db, reference))) return reference;
  }
}

/**
 * Files a report. An anonymous one keeps its owner only as a keyed hash, plus a sealed id used
 * to notify the reporter; no name, address or agent is stored (DESIGN.md 1-2).
 */
export async function createReport(
  ctx: AppContext,
  user: AuthUser,
  input: { fields: Record<string, unknown>; file: Buffer | null },
): Promise<Report> {
  const fields = parseOrThrow(createReportFieldsSchema, input.fields);
  const evidence = input.file ? await storeEvidence(ctx, input.file) : null;
  const reference = await uniqueReference(ctx);
  const owner: SealedOwner = { userId: user.id, reference };
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const reportId = await repo.insertReport(tx, {
        reference,
        title: fields.title,
        category: fields.category,
        description: ctx.sealer.seal(fields.description, DESCRIPTION_PURPOSE),
        priorityFlag: fields.priority_flag,
        isAnonymous: fields.is_anonymous,
        isPremiumReport: user.plan === 'premium',
        ownerUserId: fields.is_anonymous ? null : user.id,
        ownerHash: fields.is_anonymous ? ownerHashOf(ctx, user.id) : null,
        ownerSealed: fields.is_anonymous ? ctx.sealer.sealJson(owner, OWNER_SEALED_PURPOSE) : null,
        organizationId: user.organizationId,
        evidenceKey: evidence?.key ?? null,
        evidenceMime: evidence?.mime ?? null,
        evidenceSize: evidence?.size ?? null,
      });
      await notifyReportAdmins(
        ctx,
        tx,
        { id: reportId, title: fields.title, organizationId: user.organizationId },
        fields.priority_flag
          ? 'A new priority report was submitted.'
          : 'A new report was submitted.',
        user.id,
      );
      return reportId;
    });
  } catch (error) {
    // The row did not commit, so its file must not stay (README "Evidence files").
    if (evidence) {
      await ctx.storage.delete(evidence.key).catch((cause: unknown) => {
        // Left for the sweep of unreferenced files (evidence-cleanup.ts).
        ctx.log.warn({ err: cause }, 'could not remove the file of a report that failed');
      });
    }
    throw error;
  }
  // Committed: whatever happens from here on, the report keeps its file.
  return getReportPayload(ctx, id);
}

async function getReportPayload(ctx: AppContext, id: number): Promise<Report> {
  const record = await repo.findReportById(ctx.db, id);
  if (!record) throw new NotFoundError();
  return toReportPayload(ctx, record);
}

export async function listOwnReports(ctx: AppContext, user: AuthUser): Promise<Report[]> {
  const records = await repo.findOwnReports(ctx.db, {
    userId: user.id,
    ownerHash: ownerHashOf(ctx, user.id),
  });
  return records.map((record) => toReportPayload(ctx, record));
}

export async function getReport(ctx: AppContext, user: AuthUser, id: number): Promise<Report> {
  const { report } = await loadAccessibleReport(ctx, user, id, 'owner-or-admin');
  return toReportPayload(ctx, report);
}

/** Owner only; a resolved report is kept (spec section 4). Removes its messages and file too. */
export async function deleteReport(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const { report } = await loadAccessibleReport(ctx, user, id, 'owner');
  const resolvedRefusal = 'A resolved report cannot be deleted.';
  if (report.status === 'resolved') throw new BadRequestError(resolvedRefusal);
  await ctx.db.transaction(async (tx) => {
    const kept = await repo.deleteUnresolvedReport(tx, id);
    if (kept === 'resolved') throw new BadRequestError(resolvedRefusal);
    if (kept === 'missing') throw new NotFoundError();
    await insertAuditEntry(tx, {
      // The reporter of an anonymous report is not named, not even here (DESIGN.md 1).
      actorUserId: report.isAnonymous ? null : user.id,
      actorRole: 'reporter',
      action: 'report.deleted',
      objectType: 'report',
      objectId: id,
      details: { reference: report.reference, status: report.status },
    });
  });
  ctx.searchTexts.forget(id);
  // The row is gone first, so no report is ever left without its file; a file whose removal
  // fails now is removed by the sweep of unreferenced files (evidence-cleanup.ts).
  if (report.evidenceKey) {
    await ctx.storage.delete(report.evidenceKey).catch((cause: unknown) => {
      ctx.log.warn({ err: cause }, 'could not remove the file of a deleted report');
    });
  }
}

const cancelRefusals: Record<string, string> = {
  cancelled: 'This report has already been cancelled.',
  resolved: 'A resolved report cannot be cancelled.',
  rejected: 'A rejected report cannot be cancelled.',
};

/** Owner only, unless cancelled, resolved or rejected (spec section 4). */
export async function cancelReport(ctx: AppContext, user: AuthUser, id: number): Promise<Report> {
  const { report } = await loadAccessibleReport(ctx, user, id, 'owner');
  const refusal = cancelRefusals[report.status];
  if (refusal) throw new BadRequestError(refusal);
  const changed = await repo.updateReportStatus(ctx.db, id, report.status, 'cancelled');
  if (!changed)
    throw new BadRequestError(
      'The report changed while you were cancelling it. Reload it and try again.',
    );
  return toReportPayload(ctx, { ...report, ...changed });
}

export type EvidenceFile = { data: Buffer; mime: string; filename: string; size: number };

/** The decrypted file behind a signed link; the signature is the permission (DESIGN.md 7). */
export async function getEvidence(
  ctx: AppContext,
  id: number,
  link: { expires?: string; signature?: string },
): Promise<EvidenceFile> {
  const evidence = await repo.findEvidence(ctx.db, id);
  if (!evidence) throw new NotFoundError();
  checkEvidenceLink(ctx, { reportId: id, key: evidence.key, ...link });
  const data = ctx.sealer.open(await ctx.storage.get(evidence.key), EVIDENCE_PURPOSE);
  const extension = extensionOfMime(evidence.mime) ?? 'bin';
  // The original file name is never kept: it may name the reporter.
  return {
    data,
    mime: evidence.mime,
    filename: `report-${id}-evidence.${extension}`,
    size: data.length,
  };
}
