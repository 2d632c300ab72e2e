import type { Report } from '@candor/contract/reports';
import { t } from '@/lib/i18n';

/**
 * Who filed a report, as its pages name them: never the reporter of an anonymous report; an
 * identified report whose reporter deleted their account says so (docs/api.md "Staff and accounts
 * over time").
 */
export function reporterName(
  report: Pick<Report, 'is_anonymous' | 'submitted_by_username'>,
): string {
  if (report.is_anonymous) return t('reports.reporter.anonymous');
  return report.submitted_by_username ?? t('reports.reporter.deleted');
}
