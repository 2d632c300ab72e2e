import type { organizationTypes, reportCategories, reportStatuses } from '@candor/contract/labels';
import { humanize } from '@/lib/format';
import type { Translate } from '@/lib/i18n';

/** The words of each report category on the administrators' screens. */
export const categoryWordIds: Record<(typeof reportCategories)[number], string> = {
  abuse: 'admin.category.abuse',
  corruption: 'admin.category.corruption',
  harassment: 'admin.category.harassment',
  other: 'admin.category.other',
};

/** The words of each status the administrators filter by or decide on. */
export const statusWordIds: Record<(typeof reportStatuses)[number], string> = {
  pending: 'admin.status.pending',
  under_review: 'admin.status.underReview',
  resolved: 'admin.status.resolved',
  rejected: 'admin.status.rejected',
  cancelled: 'admin.status.cancelled',
  escalated: 'admin.status.escalated',
};

const wordOf = (ids: Record<string, string>, value: string, t: Translate) => {
  const id = ids[value];
  return id ? t(id) : humanize(value);
};

/** A category in words; one the app does not know yet, as the server names it. */
export const categoryName = (category: string, t: Translate) =>
  wordOf(categoryWordIds, category, t);

/** A status in words; one the app does not know yet, as the server names it. */
export const statusName = (status: string, t: Translate) => wordOf(statusWordIds, status, t);

/** The words of each type of organisation an access request names. */
export const organizationTypeWordIds: Record<(typeof organizationTypes)[number], string> = {
  education: 'admin.organizationType.education',
  corporate: 'admin.organizationType.corporate',
  government: 'admin.organizationType.government',
  nonprofit: 'admin.organizationType.nonprofit',
};
