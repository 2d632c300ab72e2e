import type { AdminReportsQuery } from '@candor/contract/admin';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { humanize } from '@/lib/format';

/** The dashboard's filters: the query's, each always set ('all' for no filter). */
export type Filters = Required<
  Pick<AdminReportsQuery, 'q' | 'category' | 'status' | 'priority' | 'order'>
>;

const priorityOptions = [
  { value: 'all', label: 'Any priority' },
  { value: 'true', label: 'Priority only' },
  { value: 'false', label: 'Not priority' },
];

/** Spec section 9: the status filter's values. */
const statusOptions = ['all', 'pending', 'under_review', 'resolved', 'rejected'].map((status) => ({
  value: status,
  label: status === 'all' ? 'All statuses' : humanize(status),
}));

export function ReportFilters({
  filters,
  categories,
  onChange,
}: {
  filters: Filters;
  categories: string[];
  /** One change at a time: what the control set, merged with the latest list by the page. */
  onChange(change: Partial<Filters>): void;
}) {
  return (
    <search className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end">
      <TextField
        label="Search"
        type="search"
        placeholder="Title, description, category or reference"
        value={filters.q}
        onChange={(event) => onChange({ q: event.target.value })}
      />
      <SelectField
        label="Category"
        options={[
          { value: 'all', label: 'All categories' },
          ...categories.map((category) => ({ value: category, label: humanize(category) })),
        ]}
        value={filters.category}
        // The values come from the options offered.
        onChange={(event) => onChange({ category: event.target.value as Filters['category'] })}
      />
      <SelectField
        label="Status"
        options={statusOptions}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as Filters['status'] })}
      />
      <SelectField
        label="Priority"
        options={priorityOptions}
        value={filters.priority}
        onChange={(event) => onChange({ priority: event.target.value as Filters['priority'] })}
      />
      <Button
        type="button"
        variant="secondary"
        aria-pressed={filters.order === 'oldest'}
        onClick={() => onChange({ order: filters.order === 'newest' ? 'oldest' : 'newest' })}
      >
        {filters.order === 'newest' ? 'Newest first' : 'Oldest first'}
      </Button>
    </search>
  );
}
