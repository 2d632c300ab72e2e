import type { OrganizationType } from '@candor/contract/enums';

/** The words for each type of organisation (the contract's organizationTypeLabels, in English). */
export const organizationTypeWords: Record<OrganizationType, string> = {
  education: 'organizations.type.education',
  corporate: 'organizations.type.corporate',
  government: 'organizations.type.government',
  nonprofit: 'organizations.type.nonprofit',
};
