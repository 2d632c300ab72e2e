import type { AccessRequestType, OrganizationType } from '@candor/contract/enums';

/** The words for each type of organisation (the contract's organizationTypeLabels, in English). */
export const organizationTypeWords: Record<OrganizationType, string> = {
  education: 'access-requests.organizationType.education',
  corporate: 'access-requests.organizationType.corporate',
  government: 'access-requests.organizationType.government',
  nonprofit: 'access-requests.organizationType.nonprofit',
};

/** The words for who applies: a person for themselves, or for an organisation. */
export const requestTypeWords: Record<AccessRequestType, string> = {
  individual: 'access-requests.requestType.individual',
  organization: 'access-requests.requestType.organization',
};
