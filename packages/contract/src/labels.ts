// Plain values, apart from the schemas: a page that needs only these does not load zod.

/** Spec section 2 (/become-admin): value and label of each organisation type. */
export const organizationTypeLabels = {
  education: 'Educational Institution',
  corporate: 'Corporate Organization',
  government: 'Government Agency',
  nonprofit: 'Non-profit Organization',
} as const;
