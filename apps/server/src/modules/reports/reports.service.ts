import { randomBytes } from 'node:crypto';
import { REQUIRED_MESSAGE } from '@candor/contract/fields';
import type { Reader } from '@candor/contract/reports';
import {
  type CreateReportFieldsValues,
  createReportFieldsSchema,
  type Report,
} from '@candor/contract/reports';
import type { z } from 'zod';
import { type AppContext, forgetReportInMemory } from '../../context';
import type { Executor } from '../../db/client';
import { newReportReference } from '../../lib/codes';
import { BadRequestError, FieldValidationError, NotFoundError } from '../../lib/errors';
import { extensionOfMime, type SanitizedEvidence, sanitizeEvidence } from '../../lib/evidence';
import { checkEvidenceLink } from '../../lib/file-links';
import { errorSummary } from '../../lib/logger';
import { versionKeys } from '../../lib/read-cache';
import type { ReportForm } from '../../lib/report-form';
import { parseOrThrow } from '../../lib/validation';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { filingPeriods, periodsOfFiling } from '../deadlines/deadlines.service';
import {
  adminNoticeRows,
  clearNoticesAbout,
  noticeVersionsAbout,
  sendSignalsOf,
  transactionWithNotices,
  unreadNoticesAbout,
} from '../notifications/notifications.service';
import { alertRowsParam } from '../outbox/outbox';
import { isReportOwner, ownAnonymousReportIds, ownerTagOf } from '../owners/owner-index';
import { sealOwnerChange } from '../owners/owner-queue';
import {
  type DisguisedRecording,
  disguiseRecording,
  recordVoice,
  removeVoiceFiles,
  type StoredVoice,
  storeRecording,
  voiceKeysOfReports,
} from '../voice/voice.service';
import { handlerTagOf, insertExclusions, readersOf, shownReaders } from './exclusions';
import { adminsToTell, loadAccessibleReport, notifyReportAdmins } from './report-access';
import { DESCRIPTION_PURPOSE, EVIDENCE_PURPOSE, toReportPayload } from './report-view';
import type { FilingScope, ReportRecord } from './reports.repository';
import * as repo from './reports.repository';

/** A report's row and the queries other modules read reports with (certificates, comments, intake, admin). */
export {
  findReportById,
  findReportByReference,
  type ReportRecord,
  reportColumns,
  selectReports,
  touchReport,
  unadministeredOrganizationIds,
  updateReportStatus,
} from './reports.repository';

type StoredEvidence = { key: string; mime: string; size: number };

function evidenceLimits(ctx: AppContext) {
  return { maxPixels: ctx.config.uploads.maxImagePixels };
}

async function storeEvidence(ctx: AppContext, file: Buffer): Promise<StoredEvidence> {
  return storeSanitized(ctx, await sanitizeEvidence(file, evidenceLimits(ctx)));
}

async function storeSanitized(ctx: AppContext, clean: SanitizedEvidence): Promise<StoredEvidence> {
  const key = randomBytes(16).toString('hex');
  await ctx.storage.put(key, ctx.sealer.seal(clean.data, EVIDENCE_PURPOSE));
  return { key, mime: clean.mime, size: clean.data.length };
}

/**
 * Whether a filing failed only because its random reference (60 bits) was taken: it is then
 * filed again under another. Asked of the unique index, not by a select before every filing.
 */
function isReferenceClash(error: unknown): boolean {
  return isUniqueClash(error, 'reports_reference_unique');
}

/**
 * Whether a filing in one statement failed because its id, drawn ahead, is already a report's:
 * the sequence was set back under this process (a database restored under a running server).
 * It is then filed again under the next id.
 */
function isIdClash(error: unknown): boolean {
  return isUniqueClash(error, 'reports_pkey');
}

function isUniqueClash(error: unknown, index: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as Error & { code?: string; constraint?: string };
    if (code === '23505' && constraint === index) return true;
  }
  return false;
}

/** Who files a report: an account (anonymous or not), or a guest with no account at all. */
export type ReportFiler =
  | { kind: 'account'; user: AuthUser; isAnonymous: boolean }
  | { kind: 'guest' };

export type ReportFiling = {
  fields: Pick<CreateReportFieldsValues, 'title' | 'category' | 'description' | 'priority_flag'>;
  file: Buffer | null;
  /** A recording beside or instead of the description, disguised before it is stored. */
  voice: { recording: Buffer; token: unknown } | null;
  filer: ReportFiler;
  organizationId: number | null;
  /** The readers (handlers, by their opaque ids) the reporter keeps from it; one must remain. */
  excludedReaders?: string[];
  /** More rows to write in the report's transaction, once its row exists (a guest's receipt). */
  withinTransaction?: (tx: Executor, report: { id: number; reference: string }) => Promise<void>;
};

/**
 * The organisation whose administrators receive the report, or null for the platform's. A member
 * sends to their organisation unless they choose the platform (docs/api.md "Where a report goes").
 */
function routedOrganization(
  user: AuthUser,
  destination: 'organization' | 'platform' | undefined,
): number | null {
  if (destination === 'platform') return null;
  if (user.organizationId !== null) return user.organizationId;
  if (destination === 'organization') {
    throw new FieldValidationError({
      destination: [
        'You do not belong to an organisation, so your report goes to the platform’s administrators.',
      ],
    });
  }
  return null;
}

/**
 * Stores the evidence and writes the report and its admins' notifications in one statement, or
 * in one transaction when it writes more (a recording, exclusions, a guest's receipt);
 * the file is removed again only when that transaction did not commit (docs/protection.md
 * "Evidence files"). An anonymous report keeps its owner only as a keyed tag of its own; a
 * guest's keeps no owner at all. No name, address or agent is stored.
 */
export async function fileReport(
  ctx: AppContext,
  filing: ReportFiling,
): Promise<{ id: number; reference: string; record: ReportRecord | null }> {
  const { fields, filer } = filing;
  if (!fields.description && !filing.voice) {
    throw new FieldValidationError({ description: [REQUIRED_MESSAGE] });
  }
  // Both checked and cleaned before anything is stored: a refused one leaves nothing behind.
  const evidenceFile = filing.file
    ? await sanitizeEvidence(filing.file, evidenceLimits(ctx))
    : null;
  const disguised: DisguisedRecording | null = filing.voice
    ? await disguiseRecording(ctx, filing.voice.recording, filing.voice.token)
    : null;
  const evidence = evidenceFile ? await storeSanitized(ctx, evidenceFile) : null;
  let voice: StoredVoice | null = null;
  try {
    voice = disguised ? await storeRecording(ctx, disguised) : null;
  } catch (error) {
    if (evidence) await removeUncommittedFile(ctx, evidence.key);
    throw error;
  }
  const user = filer.kind === 'account' ? filer.user : null;
  const isAnonymous = filer.kind === 'guest' || filer.isAnonymous;
  const ownerUserId = user && !isAnonymous ? user.id : null;
  let inserted: repo.InsertedReport;
  let reference = newReportReference();
  const reportColumnsOf = (ownerHash: string | null) => ({
    reference,
    title: fields.title,
    category: fields.category,
    description: ctx.sealer.seal(fields.description, DESCRIPTION_PURPOSE),
    priorityFlag: fields.priority_flag,
    isAnonymous,
    isGuest: filer.kind === 'guest',
    // An account attribute: an anonymous report keeps none of its reporter's.
    isPremiumReport: !isAnonymous && user?.plan === 'premium',
    ownerUserId,
    ownerHash,
    organizationId: filing.organizationId,
    evidenceKey: evidence?.key ?? null,
    evidenceMime: evidence?.mime ?? null,
    evidenceSize: evidence?.size ?? null,
  });
  // Most filings are one statement; one that writes more rows (a recording, exclusions, a
  // guest's receipt) is a transaction.
  const writesMore =
    voice !== null ||
    filing.withinTransaction !== undefined ||
    (filing.excludedReaders ?? []).length > 0;
  const writeAlone = async (id: number, read: FilingScope) => {
    const ownerHash = user && isAnonymous ? ownerTagOf(ctx, user, reference) : null;
    const report = {
      id,
      reference,
      organizationId: filing.organizationId,
      ownerUserId,
      ownerHash,
    };
    const admins = adminsToTell(ctx, report, read.scope);
    const notices = adminNoticeRows(
      ctx,
      admins.map((userId) => ({
        userId,
        aboutAnonymousReport: isAnonymous,
        message: newReportNotice(fields.priority_flag),
        reportId: id,
        reportTitle: fields.title,
        reportReference: reference,
      })),
    );
    const alerts = await alertRowsParam(
      ctx,
      ctx.db,
      admins.map((userId) => ({ userId, kind: 'new_report', reference, title: fields.title })),
    );
    const { row, told } = await repo.writeReportAlone(
      ctx.db,
      {
        id,
        scopeDigest: read.digest,
        periods: periodsOfFiling(ctx, read.periods),
        ...reportColumnsOf(ownerHash),
      },
      {
        rows: notices.rows,
        alerts,
        // Their index is not written with the report: the owner queue does it later, in a
        // transaction of its own (owners/owner-queue.ts).
        queuePayload:
          user && isAnonymous
            ? sealOwnerChange(ctx, { op: 'index-add', userId: user.id, reportId: id })
            : null,
      },
    );
    await sendSignalsOf(ctx, notices.signalsOf(told));
    return row;
  };
  const writeInTransaction = () =>
    transactionWithNotices(ctx, async (tx, outbox) => {
      // The owner tag binds the reference: made anew with it when a clash draws another.
      const ownerHash = user && isAnonymous ? ownerTagOf(ctx, user, reference) : null;
      const excluded = await checkExclusions(ctx, tx, filing, user);
      const periods = await filingPeriods(ctx, tx, filing.organizationId);
      const { row, scope } = await repo.insertReport(tx, {
        periods,
        ...reportColumnsOf(ownerHash),
      });
      const reportId = row.id;
      if (voice) await recordVoice(tx, voice, { reportId, messageId: null });
      await insertExclusions(ctx, tx, reportId, excluded);
      // Their index is not written here, with the report: the owner queue does it later, in a
      // transaction of its own (owners/owner-queue.ts). Queued in the notices' statement.
      const queued =
        user && isAnonymous
          ? {
              ownerQueuePayload: sealOwnerChange(ctx, {
                op: 'index-add',
                userId: user.id,
                reportId,
              }),
            }
          : undefined;
      await filing.withinTransaction?.(tx, { id: reportId, reference });
      await notifyReportAdmins(
        ctx,
        tx,
        {
          id: reportId,
          title: fields.title,
          reference,
          organizationId: filing.organizationId,
          isAnonymous,
          ownerUserId,
          ownerHash,
        },
        newReportNotice(fields.priority_flag),
        outbox,
        'new_report',
        {
          // Read with the report's row; its exclusions are those just written.
          scope: {
            ...scope,
            excludedTags: new Set(excluded.map((userId) => handlerTagOf(ctx, userId))),
          },
          alongside: queued,
        },
      );
      return row;
    });
  try {
    // Its id drawn ahead and its destination as last read (write-memory.ts).
    const readScope = () => repo.readFilingScope(ctx.db, filing.organizationId);
    const nextId = () => ctx.writes.reportId((count) => repo.drawReportIds(ctx.db, count));
    let id = writesMore ? 0 : await nextId();
    let read = writesMore ? null : await ctx.writes.filingScope(filing.organizationId, readScope);
    for (let attempt = 1; ; attempt += 1) {
      try {
        inserted = read ? await writeAlone(id, read) : await writeInTransaction();
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        if (read && repo.isStaleFilingScope(error)) {
          // Who is told or the periods changed since they were read: sealed again for the new.
          read = await ctx.writes.filingScope(filing.organizationId, readScope, true);
        } else if (isReferenceClash(error)) {
          reference = newReportReference();
        } else if (read && isIdClash(error)) {
          id = await nextId();
        } else {
          throw error;
        }
      }
    }
  } catch (error) {
    // The row did not commit, so its files must not stay (docs/protection.md "Evidence files").
    if (evidence) await removeUncommittedFile(ctx, evidence.key);
    if (voice) await removeVoiceFiles(ctx, [voice.key], 'a report that failed');
    throw error;
  }
  // Committed: whatever happens from here on, the report keeps its file. Its record is built
  // from the row as written when the joins of a read would add nothing (no voice message).
  const record = voice ? null : repo.recordOfNewReport(inserted);
  return { id: inserted.id, reference, record };
}

const newReportNotice = (priority: boolean) =>
  priority ? 'A new priority report was submitted.' : 'A new report was submitted.';

export const NOT_A_READER = 'Choose among the readers listed.';
export const ONE_READER_REMAINS =
  'At least one reader must remain. If your report is about all of them, send it to Candor’s administrators instead.';

/**
 * The readers the reporter keeps out, checked: each is a reader of the destination, and someone
 * other than them (and than the reporter) remains to read it. Checked before the report is
 * written, so a refused filing stores nothing.
 */
async function checkExclusions(
  ctx: AppContext,
  tx: Executor,
  filing: ReportFiling,
  user: AuthUser | null,
): Promise<number[]> {
  const excluded = filing.excludedReaders ?? [];
  if (excluded.length === 0) return [];
  const readers = await readersOf(ctx, tx, filing.organizationId);
  if (excluded.some((id) => !readers.some((reader) => reader.id === id))) {
    throw new FieldValidationError({ excluded_readers: [NOT_A_READER] });
  }
  const remaining = readers.filter(
    (reader) => !excluded.includes(reader.id) && reader.userId !== user?.id,
  );
  if (remaining.length === 0) {
    throw new FieldValidationError({ excluded_readers: [ONE_READER_REMAINS] });
  }
  return readers.filter((reader) => excluded.includes(reader.id)).map((reader) => reader.userId);
}

async function removeUncommittedFile(ctx: AppContext, key: string) {
  await ctx.storage.delete(key).catch((cause: unknown) => {
    // Left for the sweep of unreferenced files (evidence-cleanup.ts).
    ctx.log.warn(
      { error: errorSummary(cause) },
      'could not remove the file of a report that failed',
    );
  });
}

/**
 * The fields of a report form: the description may be left empty when a voice message comes
 * with it, and is otherwise required, its error answered with the others' at once.
 */
export function parseReportFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, unknown>,
  hasVoice: boolean,
): z.output<T> {
  const text = fields.description;
  const lacksDescription = !hasVoice && (typeof text !== 'string' || text.trim() === '');
  const required = { description: [REQUIRED_MESSAGE] };
  let parsed: z.output<T>;
  try {
    parsed = parseOrThrow(schema, fields);
  } catch (error) {
    if (lacksDescription && error instanceof FieldValidationError && !('detail' in error.body)) {
      throw new FieldValidationError({ ...required, ...error.body });
    }
    throw error;
  }
  if (lacksDescription) throw new FieldValidationError(required);
  return parsed;
}

/** Files a signed-in user's report (as in the original product: POST /api/reports/). */
export async function createReport(
  ctx: AppContext,
  user: AuthUser,
  input: ReportForm,
): Promise<Report> {
  const { voice_token, ...fields } = parseReportFields(
    createReportFieldsSchema,
    input.fields,
    input.voice !== null,
  );
  const { id, record } = await fileReport(ctx, {
    fields,
    file: input.file,
    voice: input.voice ? { recording: input.voice, token: voice_token } : null,
    filer: { kind: 'account', user, isAnonymous: fields.is_anonymous },
    organizationId: routedOrganization(user, fields.destination),
    excludedReaders: fields.excluded_readers,
  });
  return record
    ? toReportPayload(ctx, record, { description: fields.description })
    : getReportPayload(ctx, id);
}

/**
 * Adds a file to a report that has none (a guest adding evidence at /track), with the same
 * checks and cleaning as at filing. Answers false when the report already had one.
 */
export async function attachEvidence(
  ctx: AppContext,
  reportId: number,
  file: Buffer,
): Promise<boolean> {
  const evidence = await storeEvidence(ctx, file);
  let attached: boolean;
  try {
    attached = await repo.setEvidenceIfNone(ctx.db, reportId, evidence);
  } catch (error) {
    await removeUncommittedFile(ctx, evidence.key);
    throw error;
  }
  if (!attached) await removeUncommittedFile(ctx, evidence.key);
  return attached;
}

export async function getReportPayload(ctx: AppContext, id: number): Promise<Report> {
  const record = await repo.findReportById(ctx.db, id);
  if (!record) throw new NotFoundError();
  return toReportPayload(ctx, record);
}

export async function listOwnReports(ctx: AppContext, user: AuthUser): Promise<Report[]> {
  const anonymousIds = await ownAnonymousReportIds(ctx, ctx.db, user.id);
  const records = await repo.findOwnReports(ctx.db, { userId: user.id, anonymousIds });
  // Each listed report must carry this user's tag for itself: the index only says where to look.
  return records
    .filter((record) => isReportOwner(ctx, user, record))
    .map((record) => toReportPayload(ctx, record));
}

/**
 * One report its owner or an administrator in scope may see. Reading it clears the caller's
 * notices about it (notifications.service.ts `unreadNoticesAbout`).
 */
export async function getReport(ctx: AppContext, user: AuthUser, id: number): Promise<Report> {
  // Kept with the caller's unread notices about it: one version check answers both, and what
  // the notices are cleared by moves a version, so the next read finds none.
  const key = {
    read: 'report',
    caller: user,
    params: id,
    versions: [versionKeys.report(id), ...noticeVersionsAbout(ctx, user.id, id)],
  };
  const { report, unread } = await ctx.reads.through(ctx.db, key, async () => {
    const { report } = await loadAccessibleReport(ctx, user, id, 'owner-or-admin', {
      keepsReplyView: true,
    });
    const payload = toReportPayload(ctx, report);
    const about = { id, isAnonymous: payload.is_anonymous };
    return { report: payload, unread: await unreadNoticesAbout(ctx, user.id, about) };
  });
  await clearNoticesAbout(ctx, user.id, unread);
  return report;
}

/** Owner only; a resolved report is kept (as in the original product). Removes its messages and file too. */
export async function deleteReport(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const { report } = await loadAccessibleReport(ctx, user, id, 'owner');
  const resolvedRefusal = 'A resolved report cannot be deleted.';
  if (report.status === 'resolved') throw new BadRequestError(resolvedRefusal);
  // Read before the rows go with the report (their files are removed after it, like evidence).
  const voiceKeys = await voiceKeysOfReports(ctx.db, [id]);
  await ctx.db.transaction(async (tx) => {
    const kept = await repo.deleteUnresolvedReport(tx, id);
    if (kept === 'resolved') throw new BadRequestError(resolvedRefusal);
    if (kept === 'missing') throw new NotFoundError();
    await insertAuditEntry(tx, {
      // The reporter of an anonymous report is not named, not even here (docs/design.md "Anonymity design").
      actorUserId: report.isAnonymous ? null : user.id,
      actorRole: 'reporter',
      action: 'report.deleted',
      objectType: 'report',
      objectId: id,
      details: { reference: report.reference, status: report.status },
    });
  });
  forgetReportInMemory(ctx, id);
  // The row is gone first, so no report is ever left without its file; a file whose removal
  // fails now is removed by the sweep of unreferenced files (evidence-cleanup.ts).
  if (report.evidenceKey) {
    await ctx.storage.delete(report.evidenceKey).catch((cause: unknown) => {
      ctx.log.warn({ error: errorSummary(cause) }, 'could not remove the file of a deleted report');
    });
  }
  await removeVoiceFiles(ctx, voiceKeys, 'a deleted report');
}

const cancelRefusals: Record<string, string> = {
  cancelled: 'This report has already been cancelled.',
  resolved: 'A resolved report cannot be cancelled.',
  rejected: 'A rejected report cannot be cancelled.',
};

/** Owner only, unless cancelled, resolved or rejected (as in the original product). */
export async function cancelReport(ctx: AppContext, user: AuthUser, id: number): Promise<Report> {
  const { report } = await loadAccessibleReport(ctx, user, id, 'owner');
  return withdrawReport(ctx, report);
}

/** Cancels a report its reporter withdraws, unless already cancelled, resolved or rejected. */
export async function withdrawReport(ctx: AppContext, report: ReportRecord): Promise<Report> {
  const refusal = cancelRefusals[report.status];
  if (refusal) throw new BadRequestError(refusal);
  const changed = await repo.updateReportStatus(ctx.db, report.id, report.status, 'cancelled');
  if (!changed)
    throw new BadRequestError(
      'The report changed while you were cancelling it. Reload it and try again.',
    );
  return toReportPayload(ctx, { ...report, ...changed });
}

export type EvidenceFile = { data: Buffer; mime: string; filename: string; size: number };

/** The decrypted file behind a signed link; the signature is the permission (docs/protection.md "Protecting reporters"). */
export async function getEvidence(
  ctx: AppContext,
  id: number,
  link: { expires?: unknown; signature?: unknown },
): Promise<EvidenceFile> {
  // The link first: a bad one is refused before the report is even looked up.
  checkEvidenceLink(ctx, { reportId: id, ...link });
  const evidence = await repo.findEvidence(ctx.db, id);
  if (!evidence) throw new NotFoundError();
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

/**
 * Who would read a report the caller files to `destination` (the form's choice): each reader
 * under their label, so the reporter can keep one out before writing.
 */
export async function readersFor(
  ctx: AppContext,
  user: AuthUser,
  destination: 'organization' | 'platform' | undefined,
): Promise<Reader[]> {
  return shownReaders(await readersOf(ctx, ctx.db, routedOrganization(user, destination)));
}
