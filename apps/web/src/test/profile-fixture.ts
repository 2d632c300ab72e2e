import type { Profile } from '@candor/contract/accounts';

/** The caller's profile as `GET /api/accounts/profile/` sends it, for page tests. */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    username: 'ada',
    email: null,
    first_name: '',
    last_name: '',
    role: 'user',
    plan: 'free',
    is_superuser: false,
    handler_label: null,
    language: null,
    ...overrides,
  };
}
