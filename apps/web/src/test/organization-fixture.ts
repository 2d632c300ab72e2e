import type { MyOrganization } from '@candor/contract/organizations';

/** The caller's organisation as `GET /api/organizations/mine/` sends it, for page tests. */
export function organizationFixture(
  overrides: Partial<NonNullable<MyOrganization>> = {},
): NonNullable<MyOrganization> {
  return {
    id: 4,
    name: 'Hillside School',
    type: 'education',
    is_admin: false,
    slug: 'hillside-school',
    accepts_guest_reports: true,
    acknowledge_days: null,
    feedback_days: null,
    retention_days: null,
    platform_retention_days: 365,
    reader_names_shown: false,
    default_language: null,
    ...overrides,
  };
}
