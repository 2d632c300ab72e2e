import type { AdminReportsQuery } from '@candor/contract/admin';
import { DUE_SOON_DAYS } from '@candor/contract/deadline-clock';
import type { Tag } from '@candor/contract/tags';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { humanize } from '@/lib/format';

/** The dashboard's filters: the query's, each always set ('all' for no filter). */
export type Filters = Required<
  Pick<
    AdminReportsQuery,
    'q' | 'category' | 'status' | 'priority' | 'order' | 'overdue' | 'due_soon' | 'assigned'
  >
> & { tag: number | null };

const assignedOptions = [
  { value: 'all', label: 'Everyone’s' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Unassigned' },
];

const priorityOptions = [
  { value: 'all', label: 'Any priority' },
  { value: 'true', label: 'Priority only' },
  { value: 'false', label: 'Not priority' },
];

const orderOptions = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'deadline', label: 'Next deadline first' },
];

/** As in the original product: the status filter's values. */
const statusOptions = ['all', 'pending', 'under_review', 'resolved', 'rejected'].map((status) => ({
  value: status,
  label: status === 'all' ? 'All statuses' : humanize(status),
}));

export function ReportFilters({
  filters,
  categories,
  tags,
  onChange,
}: {
  filters: Filters;
  categories: string[];
  /** The scope's tags, to filter by one. */
  tags: Tag[];
  /** One change at a time: what the control set, merged with the latest list by the page. */
  onChange(change: Partial<Filters>): void;
}) {
  return (
    <search className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 md:items-end">
      <TextField
        className="sm:col-span-2 md:col-span-3"
        label="Search"
        type="search"
        placeholder="Title, description, category or reference"
        value={filters.q}
        onChange={(event) => onChange({ q: event.target.value })}
      />
      <SelectField
        label="Cases"
        options={assignedOptions}
        value={filters.assigned}
        onChange={(event) => onChange({ assigned: event.target.value as Filters['assigned'] })}
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
      <SelectField
        label="Tag"
        options={[
          { value: 'all', label: 'Any tag' },
          ...tags.map((tag) => ({ value: String(tag.id), label: tag.name })),
        ]}
        value={filters.tag === null ? 'all' : String(filters.tag)}
        onChange={(event) =>
          onChange({ tag: event.target.value === 'all' ? null : Number(event.target.value) })
        }
      />
      <SelectField
        label="Sort"
        options={orderOptions}
        value={filters.order}
        onChange={(event) => onChange({ order: event.target.value as Filters['order'] })}
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink sm:col-span-2 md:col-span-3">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-700"
          checked={filters.overdue === 'true'}
          onChange={(event) => onChange({ overdue: event.target.checked ? 'true' : 'false' })}
        />
        Overdue only: a legal deadline has passed
      </label>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink sm:col-span-2 md:col-span-5">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-700"
          checked={filters.due_soon === 'true'}
          onChange={(event) => onChange({ due_soon: event.target.checked ? 'true' : 'false' })}
        />
        Due in {DUE_SOON_DAYS} days only: a legal deadline falls due soon
      </label>
    </search>
  );
}
