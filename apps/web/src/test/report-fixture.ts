import type { AdminReport } from '@candor/contract/admin';
import type { Report } from '@candor/contract/reports';

/** A report payload as the server sends it, for page tests. */
export function reportFixture(overrides: Partial<Report> = {}): Report {
  return {
    id: 41,
    title: 'Unsafe scaffolding',
    description: 'The scaffolding on the east wing is not anchored.',
    category: 'abuse',
    status: 'pending',
    submitted_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    resolved_at: null,
    priority_flag: false,
    is_anonymous: true,
    is_premium_report: false,
    file_upload: null,
    file_kind: null,
    request_type: null,
    organization_name: null,
    organization_type: null,
    justification: null,
    token: 'CND-7K3Q-9XW2-M4TD',
    submitted_by_username: null,
    destination: 'platform',
    is_guest: false,
    acknowledge_by: '2026-11-27T10:00:00.000Z',
    acknowledged_at: null,
    feedback_by: '2027-02-27T10:00:00.000Z',
    feedback_at: null,
    purge_on: null,
    voice: null,
    ...overrides,
  };
}

/** A report as an admin's list sends it. */
export function adminReportFixture(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    ...reportFixture(overrides),
    unread_from_reporter: 0,
    assigned_to: null,
    tags: [],
    ...overrides,
  };
}
