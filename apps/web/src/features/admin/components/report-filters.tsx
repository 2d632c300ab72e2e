import type { AdminReportsQuery } from '@candor/contract/admin';
import { DUE_SOON_DAYS } from '@candor/contract/deadline-clock';
import type { Tag } from '@candor/contract/tags';
import { categoryWord, statusWord } from '@/components/report/report-words';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n';

/** The dashboard's filters: the query's, each always set ('all' for no filter). */
export type Filters = Required<
  Pick<
    AdminReportsQuery,
    'q' | 'category' | 'status' | 'priority' | 'order' | 'overdue' | 'due_soon' | 'assigned'
  >
> & { tag: number | null };

const assignedOptions = [
  { value: 'all', labelId: 'admin.filters.assigned.all' },
  { value: 'me', labelId: 'admin.filters.assigned.me' },
  { value: 'none', labelId: 'admin.filters.assigned.none' },
];

const priorityOptions = [
  { value: 'all', labelId: 'admin.filters.priority.all' },
  { value: 'true', labelId: 'admin.filters.priority.only' },
  { value: 'false', labelId: 'admin.filters.priority.not' },
];

const orderOptions = [
  { value: 'newest', labelId: 'admin.filters.order.newest' },
  { value: 'oldest', labelId: 'admin.filters.order.oldest' },
  { value: 'deadline', labelId: 'admin.filters.order.deadline' },
];

/** As in the original product: the status filter's values. */
const statuses = ['pending', 'under_review', 'resolved', 'rejected'];

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
  const t = useT();
  const words = (options: { value: string; labelId: string }[]) =>
    options.map(({ value, labelId }) => ({ value, label: t(labelId) }));
  return (
    <search className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 md:items-end">
      <TextField
        className="sm:col-span-2 md:col-span-3"
        label={t('admin.filters.search')}
        type="search"
        placeholder={t('admin.filters.searchPlaceholder')}
        value={filters.q}
        onChange={(event) => onChange({ q: event.target.value })}
      />
      <SelectField
        label={t('admin.filters.cases')}
        options={words(assignedOptions)}
        value={filters.assigned}
        onChange={(event) => onChange({ assigned: event.target.value as Filters['assigned'] })}
      />
      <SelectField
        label={t('admin.filters.category')}
        options={[
          { value: 'all', label: t('admin.filters.allCategories') },
          ...categories.map((category) => ({ value: category, label: categoryWord(category) })),
        ]}
        value={filters.category}
        // The values come from the options offered.
        onChange={(event) => onChange({ category: event.target.value as Filters['category'] })}
      />
      <SelectField
        label={t('admin.filters.status')}
        options={[
          { value: 'all', label: t('admin.filters.allStatuses') },
          ...statuses.map((status) => ({ value: status, label: statusWord(status) })),
        ]}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as Filters['status'] })}
      />
      <SelectField
        label={t('admin.filters.priority')}
        options={words(priorityOptions)}
        value={filters.priority}
        onChange={(event) => onChange({ priority: event.target.value as Filters['priority'] })}
      />
      <SelectField
        label={t('admin.filters.tag')}
        options={[
          { value: 'all', label: t('admin.filters.anyTag') },
          ...tags.map((tag) => ({ value: String(tag.id), label: tag.name })),
        ]}
        value={filters.tag === null ? 'all' : String(filters.tag)}
        onChange={(event) =>
          onChange({ tag: event.target.value === 'all' ? null : Number(event.target.value) })
        }
      />
      <SelectField
        label={t('admin.filters.sort')}
        options={words(orderOptions)}
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
        {t('admin.filters.overdue')}
      </label>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink sm:col-span-2 md:col-span-5">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-700"
          checked={filters.due_soon === 'true'}
          onChange={(event) => onChange({ due_soon: event.target.checked ? 'true' : 'false' })}
        />
        {t('admin.filters.dueSoon', { days: DUE_SOON_DAYS })}
      </label>
    </search>
  );
}
