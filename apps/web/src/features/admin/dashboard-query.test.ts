import { adminReportsQuerySchema } from '@candor/contract/admin';
import { describe, expect, it } from 'vitest';
import {
  dashboardSearch,
  defaultDashboardQuery,
  filterChoices,
  readDashboardQuery,
} from './dashboard-query';

describe('the dashboard address', () => {
  it("offers each filter exactly the values the contract's schema takes", () => {
    for (const [key, choices] of Object.entries(filterChoices)) {
      const field = adminReportsQuerySchema.shape[key as keyof typeof filterChoices].unwrap();
      expect(field.options, key).toEqual(choices);
    }
  });

  it('reads every part the contract takes, the search trimmed', () => {
    const params = new URLSearchParams(
      'q=%20fraud%20&category=corruption&status=under_review&priority=true&order=deadline&overdue=true&due_soon=true&assigned=me&tag=12&page=3',
    );
    expect(readDashboardQuery(params)).toEqual({
      q: 'fraud',
      category: 'corruption',
      status: 'under_review',
      priority: 'true',
      order: 'deadline',
      overdue: 'true',
      due_soon: 'true',
      assigned: 'me',
      page: 3,
      tag: 12,
    });
  });

  it('falls back to the default for each part the contract would refuse', () => {
    const params = new URLSearchParams({
      q: 'x'.repeat(201),
      category: 'theft',
      status: 'ALL',
      priority: 'yes',
      order: 'random',
      overdue: '1',
      tag: '1e3',
      due_soon: 'soon',
      page: '-2',
    });
    expect(readDashboardQuery(params)).toEqual(defaultDashboardQuery);
    for (const [key, value] of params) {
      if (key === 'page' || key === 'tag') continue;
      expect(adminReportsQuerySchema.shape[key as 'q'].safeParse(value).success, key).toBe(false);
    }
  });

  it('writes back only what differs from the defaults, and reads it again unchanged', () => {
    const query = { ...defaultDashboardQuery, status: 'resolved', tag: 7, page: 2 } as const;
    const search = dashboardSearch(query);
    expect(search.toString()).toBe('status=resolved&tag=7&page=2');
    expect(readDashboardQuery(search)).toEqual(query);
  });
});
