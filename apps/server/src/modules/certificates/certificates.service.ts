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

/** Owner only, resolved reports only (as in the original product). */
export async function exportCertificate(
  ctx: AppContext,
  user: AuthUser,
  id: number,
): Promise<Certificate> {
  const { report } = await loadAccessibleReport(ctx, user, id, 'owner');
  return certificateOf(ctx, report);
}

/** The certificate of a resolved report, for its reporter (an account, or a guest at /track). */
export async function certificateOf(ctx: AppContext, report: ReportRecord): Promise<Certificate> {
  if (report.status !== 'resolved' || !report.resolvedAt) {
    throw new BadRequestError('A certificate is available only for resolved reports.');
  }
  const verifyAt = `${ctx.config.publicUrl ?? ''}/api/reports/certificates/verify/`;
  const pdf = await renderCertificate({
    reference: report.reference,
    title: report.title,
    category: report.category,
    submittedAt: report.submittedAt,
    resolvedAt: report.resolvedAt,
    verificationCode: certificateCode(ctx, report.reference, report.resolvedAt),
    verifyHint: `Anyone can check this certificate with its reference and code at ${verifyAt}`,
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
