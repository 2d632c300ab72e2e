import type { Language } from '@candor/contract/languages';
import type { CertificateVerification } from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { normalizeHumanCode } from '../../lib/codes';
import { BadRequestError } from '../../lib/errors';
import type { AuthUser } from '../auth/caller';
import { loadAccessibleReport } from '../reports/report-access';
import { findReportByReference, type ReportRecord } from '../reports/reports.service';
import { certificateCode, isCertificateCode } from './certificate-code';
import { renderCertificate } from './certificate-pdf';

export type Certificate = { pdf: Buffer; filename: string };

/** What the reporter chose to print: the title only when asked for (off by default). */
export type CertificateOptions = { withTitle: boolean; language?: Language };

/**
 * The page anyone opens to check a certificate (the web app's `/verify`), with its reference and
 * code filled in: a person reads its verdict, not the API's JSON.
 */
export function verificationAddress(ctx: AppContext, reference: string, code: string): string {
  const query = new URLSearchParams({ reference, code });
  return `${ctx.config.publicUrl ?? ''}/verify?${query}`;
}

/** Owner only, resolved reports only (as in the original product). */
export async function exportCertificate(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  options: CertificateOptions,
): Promise<Certificate> {
  const { report } = await loadAccessibleReport(ctx, user, id, 'owner');
  return certificateOf(ctx, report, options);
}

/** The certificate of a resolved report, for its reporter (an account, or a guest at /track). */
export async function certificateOf(
  ctx: AppContext,
  report: ReportRecord,
  options: CertificateOptions,
): Promise<Certificate> {
  if (report.status !== 'resolved' || !report.resolvedAt) {
    throw new BadRequestError('A certificate is available only for resolved reports.');
  }
  const code = certificateCode(ctx, report.reference, report.resolvedAt);
  const pdf = await renderCertificate({
    reference: report.reference,
    title: options.withTitle ? report.title : null,
    category: report.category,
    submittedAt: report.submittedAt,
    resolvedAt: report.resolvedAt,
    verificationCode: code,
    verifyAt: verificationAddress(ctx, report.reference, code),
    language: options.language ?? 'en',
  });
  // A neutral name: a downloads folder says nothing of which report it was (docs/protection.md,
  // "The reporter's path").
  return { pdf, filename: 'certificate.pdf' };
}

const invalid: CertificateVerification = {
  valid: false,
  reference: null,
  category: null,
  submitted_at: null,
  resolved_at: null,
};

/** Confirms a certificate without revealing anything the holder did not already show. */
export async function verifyCertificate(
  ctx: AppContext,
  query: { reference: string; code: string },
): Promise<CertificateVerification> {
  const report = await findReportByReference(
    ctx.db,
    normalizeHumanCode(query.reference, { keepSeparators: true }),
  );
  if (!report?.resolvedAt || report.status !== 'resolved') return invalid;
  if (!isCertificateCode(ctx, report.reference, report.resolvedAt, query.code)) return invalid;
  return {
    valid: true,
    reference: report.reference,
    category: report.category,
    submitted_at: report.submittedAt.toISOString(),
    resolved_at: report.resolvedAt.toISOString(),
  };
}
