import type { AdminReportsQuery } from '@candor/contract/admin';
import {
  ADMIN_SEARCH_MAX,
  adminAssignedViews,
  adminReportOrders,
  reportCategories,
  reportStatuses,
} from '@candor/contract/labels';

/** The dashboard's list as the address holds it, each part always set ('all' for no filter). */
export type DashboardQuery = Required<
  Pick<
    AdminReportsQuery,
    'q' | 'category' | 'status' | 'priority' | 'order' | 'overdue' | 'due_soon' | 'assigned'
  >
> & { page: number /** One of the scope's tags (its id), or null for any. */; tag: number | null };

export const defaultDashboardQuery: DashboardQuery = {
  q: '',
  category: 'all',
  status: 'all',
  priority: 'all',
  order: 'newest',
  overdue: 'false',
  due_soon: 'false',
  assigned: 'all',
  page: 1,
  tag: null,
};

const listKeys = [
  'q',
  'category',
  'status',
  'priority',
  'order',
  'overdue',
  'due_soon',
  'assigned',
] as const;

/**
 * The values the contract's `adminReportsQuerySchema` takes for each filter, from its plain lists:
 * the dashboard's first load needs no zod (a test holds the two together).
 */
export const filterChoices = {
  category: ['all', ...reportCategories],
  status: ['all', ...reportStatuses],
  priority: ['all', 'true', 'false'],
  order: adminReportOrders,
  overdue: ['true', 'false'],
  due_soon: ['true', 'false'],
  assigned: adminAssignedViews,
} as const satisfies Record<Exclude<(typeof listKeys)[number], 'q'>, readonly string[]>;

function isChoice<T extends string>(choices: readonly T[], value: string): value is T {
  return (choices as readonly string[]).includes(value);
}

/**
 * Reads the list's search, filters, sort and page from the address (so Back, reload and a shared
 * link show the same list). A part the contract would refuse falls back to its default.
 */
export function readDashboardQuery(params: URLSearchParams): DashboardQuery {
  const query: DashboardQuery = { ...defaultDashboardQuery };
  const q = params.get('q')?.trim();
  if (q !== undefined && q.length <= ADMIN_SEARCH_MAX) query.q = q;
  for (const key of Object.keys(filterChoices) as (keyof typeof filterChoices)[]) {
    const value = params.get(key);
    if (value !== null && isChoice(filterChoices[key], value))
      Object.assign(query, { [key]: value });
  }
  const tag = params.get('tag');
  if (tag !== null && /^[1-9]\d{0,9}$/.test(tag) && Number(tag) <= 2_147_483_647) {
    query.tag = Number(tag);
  }
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

/** The address of a list: only what differs from the defaults, in a fixed order. */
export function dashboardSearch(query: DashboardQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of listKeys) {
    if (query[key] !== defaultDashboardQuery[key]) params.set(key, String(query[key]));
  }
  if (query.tag !== null) params.set('tag', String(query.tag));
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** What the dashboard passes to a report it opens, so the report can lead back to this list. */
export type FromListState = { fromList: string };

export function isFromListState(state: unknown): state is FromListState {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { fromList?: unknown }).fromList === 'string' &&
    (state as FromListState).fromList.startsWith('/admin-dashboard')
  );
}

/** The address of the default list with only `change` set (the cards' and the banner's links). */
export function dashboardLink(change: Partial<DashboardQuery>): string {
  const search = dashboardSearch({ ...defaultDashboardQuery, ...change }).toString();
  return search ? `/admin-dashboard?${search}` : '/admin-dashboard';
}

/** The filters the server is asked for, from the dashboard's address (the page aside). */
export function serverFiltersOf(query: DashboardQuery) {
  return {
    q: query.q || undefined,
    category: query.category,
    status: query.status,
    priority: query.priority,
    order: query.order,
    overdue: query.overdue === 'true' ? ('true' as const) : undefined,
    due_soon: query.due_soon === 'true' ? ('true' as const) : undefined,
    assigned: query.assigned,
    tag: query.tag ?? undefined,
  };
}
