import { humanize } from '@/lib/format';
import { t } from '@/lib/i18n';

/** A report's status in words (the badge, the filters, what changed since the last visit). */
const statusIds: Record<string, string> = {
  pending: 'lib.status.pending',
  under_review: 'lib.status.underReview',
  resolved: 'lib.status.resolved',
  rejected: 'lib.status.rejected',
  cancelled: 'lib.status.cancelled',
  escalated: 'lib.status.escalated',
};

/** A report's category in words. */
const categoryIds: Record<string, string> = {
  abuse: 'lib.category.abuse',
  corruption: 'lib.category.corruption',
  harassment: 'lib.category.harassment',
  other: 'lib.category.other',
};

/** A value the catalogues do not know (a newer server's) keeps its own name. */
const wordOf = (ids: Record<string, string>, value: string) => {
  const id = ids[value];
  return id ? t(id) : humanize(value);
};

/** "under_review" -> "Under Review", in the page's language. */
export const statusWord = (status: string): string => wordOf(statusIds, status);

/** "harassment" -> "Harassment", in the page's language. */
export const categoryWord = (category: string): string => wordOf(categoryIds, category);
