import type { SiteSettings } from '@candor/contract/site';

/** The site settings as `GET /api/site/` sends them, for page tests (10 MB uploads). */
export function siteFixture(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    support_email: 'a@b.c',
    support_phone: '1',
    business_hours: 'x',
    max_upload_mb: 10,
    ...overrides,
  };
}
