import { DELETED_ACCOUNT_NAME, type Report } from '@candor/contract/reports';

/**
 * Who filed a report, as its pages name them: never the reporter of an anonymous report; an
 * identified report whose reporter deleted their account says so (docs/api.md "Staff and accounts
 * over time").
 */
export function reporterName(
  report: Pick<Report, 'is_anonymous' | 'submitted_by_username'>,
): string {
  if (report.is_anonymous) return 'Anonymous';
  return report.submitted_by_username ?? DELETED_ACCOUNT_NAME;
}
