import type { ReportStatus } from '@candor/contract/enums';
import type { TrackChanges, TrackSession } from '@candor/contract/intake';
import type { Report, ReportMessage } from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { sealedColumns } from '../../db/sealed-columns';
import {
  BadRequestError,
  FieldValidationError,
  NotFoundError,
  TooManyRequestsError,
} from '../../lib/errors';
import { errorSummary } from '../../lib/logger';
import { type Certificate, certificateOf } from '../certificates/certificates.service';
import { listMessagesForGuest, postGuestMessage } from '../comments/comments.service';
import { toReportPayload } from '../reports/report-view';
import { findReportById, type ReportRecord } from '../reports/reports.repository';
import { attachEvidence, withdrawReport } from '../reports/reports.service';
import { signGuestSession } from './guest-session';
import * as repo from './intake.repository';
import { checkAgainstDummy, isReceiptOf, receiptLookupKey } from './receipts';

const VISIT_PURPOSE = sealedColumns.receiptVisit.purpose;
export const NO_MATCH = 'No report matches this receipt. Check the 16 digits and try again.';

/** What the reporter had seen at their last visit, sealed in guest_receipts.visit. */
type Visit = { status: ReportStatus; lastAdminMessageId: number };

type Gate = Pick<AppContext, 'counters' | 'config' | 'log'>;

/**
 * Wrong receipts are counted per address (a keyed hash of it) and from everyone together, an
 * hour each (DESIGN.md "Receipts"). Past either, /track answers 429 before checking anything.
 */
async function checkFailureBudget(ctx: Gate, addressKey: string) {
  const { trackFailuresPerAddress, trackFailuresGlobal } = ctx.config.intake;
  let states: { count: number; resetInMs: number }[];
  try {
    states = await Promise.all([
      ctx.counters.peek(`track-fail:address:${addressKey}`),
      ctx.counters.peek('track-fail:all'),
    ]);
  } catch (error) {
    ctx.log.warn({ error: errorSummary(error) }, 'track counters unavailable');
    return;
  }
  const [byAddress, all] = states as [(typeof states)[0], (typeof states)[0]];
  const exhausted = [
    byAddress.count >= trackFailuresPerAddress ? byAddress : null,
    all.count >= trackFailuresGlobal ? all : null,
  ].filter((state) => state !== null);
  if (exhausted.length > 0) {
    const waitMs = Math.max(...exhausted.map((state) => state.resetInMs));
    throw new TooManyRequestsError(Math.max(1, Math.ceil(waitMs / 1000)));
  }
}

async function recordFailure(ctx: Gate, addressKey: string) {
  const windowMs = ctx.config.intake.trackFailureWindowMs;
  try {
    const [, all] = await Promise.all([
      ctx.counters.hit(`track-fail:address:${addressKey}`, windowMs),
      ctx.counters.hit('track-fail:all', windowMs),
    ]);
    if (all.count === ctx.config.intake.trackFailuresGlobal) {
      ctx.log.warn('wrong receipts reached the hourly limit for everyone: /track is paused');
    }
  } catch (error) {
    ctx.log.warn({ error: errorSummary(error) }, 'track counters unavailable');
  }
}

/** The report whose receipt this is, or null; runs argon2id once at least whatever the answer. */
async function findReportIdByReceipt(ctx: AppContext, digits: string): Promise<number | null> {
  const candidates = await repo.findReceiptsByLookupKey(ctx.db, receiptLookupKey(ctx, digits));
  if (candidates.length === 0) return checkAgainstDummy(ctx, digits).then(() => null);
  for (const candidate of candidates) {
    if (await isReceiptOf(ctx, candidate.receiptHash, digits)) return candidate.reportId;
  }
  return null;
}

async function lastAdminMessageId(ctx: AppContext, report: ReportRecord) {
  const messages = await listMessagesForGuest(ctx, report);
  return messages.filter((message) => message.is_sender_admin).at(-1)?.id ?? 0;
}

async function countRepliesAfter(ctx: AppContext, report: ReportRecord, afterId: number) {
  const messages = await listMessagesForGuest(ctx, report);
  return messages.filter((message) => message.is_sender_admin && message.id > afterId).length;
}

async function rememberVisit(ctx: AppContext, report: ReportRecord) {
  const visit: Visit = {
    status: report.status,
    lastAdminMessageId: await lastAdminMessageId(ctx, report),
  };
  await repo.setVisit(ctx.db, report.id, ctx.sealer.sealJson(visit, VISIT_PURPOSE));
}

async function changesSinceLastVisit(
  ctx: AppContext,
  report: ReportRecord,
  sealed: Buffer | null,
): Promise<TrackChanges> {
  const visit = sealed ? ctx.sealer.openJson<Visit>(sealed, VISIT_PURPOSE) : null;
  return {
    is_first_visit: visit === null,
    previous_status: visit && visit.status !== report.status ? visit.status : null,
    new_replies: await countRepliesAfter(ctx, report, visit?.lastAdminMessageId ?? 0),
  };
}

/**
 * Exchanges a receipt for a session on its one report (POST body only: never in a URL). A
 * wrong receipt is counted against the address and against everyone.
 */
export async function openSession(
  ctx: AppContext,
  digits: string,
  addressKey: string,
): Promise<TrackSession> {
  await checkFailureBudget(ctx, addressKey);
  const reportId = await findReportIdByReceipt(ctx, digits);
  const report = reportId === null ? null : await findReportById(ctx.db, reportId);
  const receipt = report ? await repo.findReceiptOfReport(ctx.db, report.id) : null;
  if (!report || !receipt) {
    await recordFailure(ctx, addressKey);
    throw new FieldValidationError({ receipt: [NO_MATCH] });
  }
  const changes = await changesSinceLastVisit(ctx, report, receipt.visit);
  await rememberVisit(ctx, report);
  const session = await signGuestSession(ctx, report.id);
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    changes,
    report: toReportPayload(ctx, report),
  };
}

/** The guest's one report; 404 once it is gone (deleted by retention, for example). */
async function loadGuestReport(ctx: AppContext, reportId: number): Promise<ReportRecord> {
  const report = await findReportById(ctx.db, reportId);
  if (!report?.isGuest) throw new NotFoundError('This report no longer exists.');
  return report;
}

export async function getReport(ctx: AppContext, reportId: number): Promise<Report> {
  return toReportPayload(ctx, await loadGuestReport(ctx, reportId));
}

export async function listMessages(ctx: AppContext, reportId: number): Promise<ReportMessage[]> {
  const report = await loadGuestReport(ctx, reportId);
  const messages = await listMessagesForGuest(ctx, report);
  // Read now: the next visit counts only what arrives after this.
  await rememberVisit(ctx, report);
  return messages;
}

export async function postMessage(
  ctx: AppContext,
  reportId: number,
  message: string,
): Promise<ReportMessage> {
  return postGuestMessage(ctx, await loadGuestReport(ctx, reportId), message);
}

export async function addEvidence(
  ctx: AppContext,
  reportId: number,
  file: Buffer | null,
): Promise<Report> {
  const report = await loadGuestReport(ctx, reportId);
  if (!file) throw new FieldValidationError({ file_upload: ['Choose a file to add.'] });
  if (report.status === 'cancelled') {
    throw new BadRequestError('This report has been cancelled, so no evidence can be added.');
  }
  if (report.evidenceKey) {
    throw new BadRequestError(
      'This report already has a file. Describe anything more in a message.',
    );
  }
  if (!(await attachEvidence(ctx, reportId, file))) {
    throw new BadRequestError(
      'This report already has a file. Describe anything more in a message.',
    );
  }
  return getReport(ctx, reportId);
}

export async function withdraw(ctx: AppContext, reportId: number): Promise<Report> {
  return withdrawReport(ctx, await loadGuestReport(ctx, reportId));
}

export async function certificate(ctx: AppContext, reportId: number): Promise<Certificate> {
  return certificateOf(ctx, await loadGuestReport(ctx, reportId));
}
