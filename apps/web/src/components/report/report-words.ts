import type { reportCategories, reportStatuses } from '@candor/contract/labels';
import { humanize } from '@/lib/format';
import { t } from '@/lib/i18n';

/**
 * The words for a report's status and category (contract labels.ts), for every page that shows
 * them: the catalogue's ids, kept literal so each is seen to be used.
 */
export const statusWordIds: Record<(typeof reportStatuses)[number], string> = {
  pending: 'report.status.pending',
  under_review: 'report.status.underReview',
  resolved: 'report.status.resolved',
  rejected: 'report.status.rejected',
  cancelled: 'report.status.cancelled',
  escalated: 'report.status.escalated',
};

export const categoryWordIds: Record<(typeof reportCategories)[number], string> = {
  abuse: 'report.category.abuse',
  corruption: 'report.category.corruption',
  harassment: 'report.category.harassment',
  other: 'report.category.other',
};

/** A status in words ("Under Review"); a value the contract does not name, as it is written. */
export function statusWord(status: string): string {
  const id = statusWordIds[status as keyof typeof statusWordIds];
  return id ? t(id) : humanize(status);
}

/** A category in words ("Harassment"); a value the contract does not name, as it is written. */
export function categoryWord(category: string): string {
  const id = categoryWordIds[category as keyof typeof categoryWordIds];
  return id ? t(id) : humanize(category);
}
