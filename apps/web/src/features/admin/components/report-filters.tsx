import { inputClasses } from '../../../components/ui/text-field';
import { humanize } from '../../../lib/format';

export type Filters = { q: string; category: string; status: string; order: 'newest' | 'oldest' };

/** Spec section 9: the status filter's values. */
const statuses = ['all', 'pending', 'under_review', 'resolved', 'rejected'];

export function ReportFilters({
  filters,
  categories,
  onChange,
}: {
  filters: Filters;
  categories: string[];
  onChange(filters: Filters): void;
}) {
  return (
    <search className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
      <div>
        <label htmlFor="report-search" className="mb-1 block text-sm font-medium text-ink">
          Search
        </label>
        <input
          id="report-search"
          type="search"
          placeholder="Title, description or category"
          value={filters.q}
          onChange={(event) => onChange({ ...filters, q: event.target.value })}
          className={inputClasses}
        />
      </div>
      <div>
        <label htmlFor="category-filter" className="mb-1 block text-sm font-medium text-ink">
          Category
        </label>
        <select
          id="category-filter"
          value={filters.category}
          onChange={(event) => onChange({ ...filters, category: event.target.value })}
          className={inputClasses}
        >
          <option value="all">All categories</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {humanize(category)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="status-filter" className="mb-1 block text-sm font-medium text-ink">
          Status
        </label>
        <select
          id="status-filter"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value })}
          className={inputClasses}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status === 'all' ? 'All statuses' : humanize(status)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        aria-pressed={filters.order === 'oldest'}
        onClick={() =>
          onChange({ ...filters, order: filters.order === 'newest' ? 'oldest' : 'newest' })
        }
        className="rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        {filters.order === 'newest' ? 'Newest first' : 'Oldest first'}
      </button>
    </search>
  );
}
