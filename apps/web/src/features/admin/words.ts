import type { organizationTypes } from '@candor/contract/labels';

/** The words of each type of organisation an access request names. */
export const organizationTypeWordIds: Record<(typeof organizationTypes)[number], string> = {
  education: 'admin.organizationType.education',
  corporate: 'admin.organizationType.corporate',
  government: 'admin.organizationType.government',
  nonprofit: 'admin.organizationType.nonprofit',
};
