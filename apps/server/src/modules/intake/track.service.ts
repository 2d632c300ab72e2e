import type { ReportStatus } from '@candor/contract/enums';
import type { ProofOfWorkChallenge, TrackChanges, TrackSession } from '@candor/contract/intake';
import type { Report, ReportMessage } from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { sealedColumns } from '../../db/sealed-columns';
import { takeAttempt } from '../../lib/attempts';
import { BadRequestError, FieldValidationError, NotFoundError } from '../../lib/errors';
import {
  type Certificate,
  type CertificateOptions,
  certificateOf,
} from '../certificates/certificates.service';
import {
  listMessagesForGuest,
  postGuestMessage,
  type VoiceUpload,
} from '../comments/comments.service';
import { toReportPayload } from '../reports/report-view';
import {
  attachEvidence,
  findReportById,
  type ReportRecord,
  withdrawReport,
} from '../reports/reports.service';
import { signGuestSession } from './guest-session';
import * as repo from './intake.repository';
import { checkProofOfWork, levelForLoad, MoreWorkNeededError, newChallenge } from './proof-of-work';
import { checkAgainstDummy, isReceiptOf, receiptLookupKey } from './receipts';

const VISIT_PURPOSE = sealedColumns.receiptVisit.purpose;
export const NO_MATCH = 'No report matches this receipt. Check the 16 digits and try again.';

/** What the reporter had seen at their last visit, sealed in guest_receipts.visit. */
type Visit = { status: ReportStatus; lastAdminMessageId: number };

const TRACK_ALL = 'track-attempt:all';

/** How much proof of work /track asks now: none until the hour's receipts pass the budget. */
export async function trackLevel(ctx: Pick<AppContext, 'counters' | 'config'>): Promise<number> {
  const state = await ctx.counters.peek(TRACK_ALL);
  // For the attempt that will follow: it counts itself.
  return levelForLoad(state.count + 1, ctx.config.intake.trackFailuresGlobal);
}

export async function trackChallenge(ctx: AppContext): Promise<ProofOfWorkChallenge | null> {
  const level = await trackLevel(ctx);
  return level === 0 ? null : newChallenge(ctx, { kind: 'track' }, level);
}

/**
 * Receipts tried are counted per client (an IPv4 address, an IPv6 /64; a keyed hash of it) and
 * from everyone together, an hour each (docs/design.md "Receipts"), taken before the receipt is
 * checked, so a burst is counted as what it is. One client past its count gets 429. Past the count
 * from everyone, /track does not close: it asks every browser for a proof of work that grows with
 * the hour's count (proof-of-work.ts), so guessing from many addresses costs more and more, and a
 * reporter with their receipt still gets in. A right receipt gives its attempts back.
 */
async function takeTrackAttempt(ctx: AppContext, addressKey: string, proof: string | undefined) {
  const { trackFailuresPerAddress, trackFailuresGlobal, trackFailureWindowMs } = ctx.config.intake;
  const checked = proof ? await checkProofOfWork(ctx, proof, { kind: 'track' }) : null;
  const attempt = await takeAttempt(ctx.counters, [
    {
      key: `track-fail:address:${addressKey}`,
      limit: trackFailuresPerAddress,
      windowMs: trackFailureWindowMs,
    },
  ]);
  const all = await ctx.counters.hit(TRACK_ALL, trackFailureWindowMs);
  const giveBackAll = () => ctx.counters.giveBack(TRACK_ALL);
  const needed = levelForLoad(all.count, trackFailuresGlobal);
  if (needed > 0 && (checked === null || checked.level < needed)) {
    await Promise.all([attempt.succeeded(), giveBackAll()]);
    if (all.count === trackFailuresGlobal + 1) {
      ctx.log.warn('receipts tried reached the hourly budget: /track asks for proof of work');
    }
    throw new MoreWorkNeededError();
  }
  if (checked) await checked.spend(ctx.db);
  return {
    succeeded: async () => {
      await Promise.all([attempt.succeeded(), giveBackAll()]);
    },
  };
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
  proof?: string,
): Promise<TrackSession> {
  const attempt = await takeTrackAttempt(ctx, addressKey, proof);
  const reportId = await findReportIdByReceipt(ctx, digits);
  const report = reportId === null ? null : await findReportById(ctx.db, reportId);
  const receipt = report ? await repo.findReceiptOfReport(ctx.db, report.id) : null;
  if (!report || !receipt) throw new FieldValidationError({ receipt: [NO_MATCH] });
  await attempt.succeeded();
  const changes = await changesSinceLastVisit(ctx, report, receipt.visit);
  await rememberVisit(ctx, report);
  const session = await signGuestSession(ctx, report.id);
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    expires_in: ctx.config.intake.trackSessionSeconds,
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
  voice: VoiceUpload | null = null,
): Promise<ReportMessage> {
  return postGuestMessage(ctx, await loadGuestReport(ctx, reportId), message, voice);
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

export async function certificate(
  ctx: AppContext,
  reportId: number,
  options: CertificateOptions,
): Promise<Certificate> {
  return certificateOf(ctx, await loadGuestReport(ctx, reportId), options);
}
