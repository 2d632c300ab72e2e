import type { AdminReport } from '@candor/contract/admin';
import type { BulkAction, BulkResult, Tag } from '@candor/contract/tags';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { useAuth } from '@/lib/auth/auth-context';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useHandlers } from '../api/assign-report';
import { useBulkAction } from '../api/tags';

/** The actions offered, as the select's values: `kind` or `kind:id`. */
function actionOf(value: string): BulkAction | null {
  const [kind, id] = value.split(':');
  if (kind === 'take') return { kind: 'take' };
  if (kind === 'unassign') return { kind: 'assign', assignee_id: null };
  if (kind === 'assign') return { kind: 'assign', assignee_id: Number(id) };
  if (kind === 'tag') return { kind: 'tag', tag_id: Number(id) };
  if (kind === 'untag') return { kind: 'tag', tag_id: Number(id), remove: true };
  if (kind === 'review') return { kind: 'status', status: 'under_review' };
  return null;
}

type Outcome = { count: number; result: BulkResult['results'] };

/**
 * The bulk actions of a page of the admin list: the reports ticked on the page get one action
 * (take, assign, tag, untag, under review). The server checks each report on its own; what
 * failed is listed by report with the reason.
 */
export function BulkActions({
  reports,
  selected,
  tags,
  onSelectAll,
  onDone,
}: {
  /** The page's reports. */
  reports: AdminReport[];
  selected: ReadonlySet<number>;
  tags: Tag[];
  onSelectAll(all: boolean): void;
  /** The action was applied: the selection may be cleared. */
  onDone(): void;
}) {
  const t = useT();
  const { user } = useAuth();
  const headingId = useId();
  const [choice, setChoice] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const bulk = useBulkAction();
  const count = selected.size;
  const allTicked = reports.length > 0 && reports.every((report) => selected.has(report.id));
  const byId = new Map(reports.map((report) => [report.id, report]));
  const apply = () => {
    const action = actionOf(choice);
    if (!action || count === 0) return;
    const ids = reports.filter((report) => selected.has(report.id)).map((report) => report.id);
    setOutcome(null);
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (answer) => {
          setOutcome({ count, result: answer.results });
          onDone();
        },
      },
    );
  };
  const failed = outcome?.result.filter((row) => !row.ok) ?? [];
  const done = outcome ? outcome.result.length - failed.length : 0;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="sr-only">
        {t('admin.bulk.heading')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={allTicked}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
          {t('admin.bulk.selectAll', { count: reports.length })}
        </label>
        <p className="min-h-11 content-center text-sm text-muted" aria-live="polite">
          {count === 0 ? t('admin.bulk.none') : t('admin.bulk.selected', { count })}
        </p>
        {count > 0 && (
          <BulkChoice tags={tags} userId={user?.user_id} value={choice} onChange={setChoice} />
        )}
        {count > 0 && (
          <Button
            disabled={choice === ''}
            isBusy={bulk.isPending}
            busyLabel={t('admin.bulk.applying')}
            onClick={apply}
          >
            {t('admin.bulk.apply', { count })}
          </Button>
        )}
      </div>
      {bulk.isError && (
        <Alert tone="error">{serverDetail(bulk.error) ?? t('admin.bulk.failed')}</Alert>
      )}
      {outcome && (
        <div className="space-y-2" data-testid="bulk-outcome">
          <Alert tone={failed.length === 0 ? 'success' : 'error'}>
            {failed.length === 0
              ? t('admin.bulk.doneAll', { count: outcome.count })
              : t('admin.bulk.donePart', {
                  done,
                  count: outcome.count,
                  failed: failed.length,
                })}
          </Alert>
          {failed.length > 0 && (
            <ul
              className="list-disc space-y-1 ps-6 text-sm text-ink"
              aria-label={t('admin.bulk.failedList')}
            >
              {failed.map((row) => {
                const report = byId.get(row.id);
                return (
                  <li key={row.id}>
                    <bdi className="font-medium">
                      {report?.title ?? t('admin.bulk.report', { id: row.id })}
                    </bdi>
                    {report && <span className="font-mono"> ({report.token})</span>}: {row.error}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function BulkChoice({
  tags,
  userId,
  value,
  onChange,
}: {
  tags: Tag[];
  userId: number | undefined;
  value: string;
  onChange(value: string): void;
}) {
  const t = useT();
  const handlers = useHandlers();
  const options = [
    { value: 'take', label: t('admin.bulk.take') },
    ...(handlers.data ?? []).map((handler) => ({
      value: `assign:${handler.id}`,
      label:
        handler.id === userId
          ? t('admin.bulk.assignToYou', { name: handler.username })
          : t('admin.bulk.assignTo', { name: handler.username }),
    })),
    { value: 'unassign', label: t('admin.bulk.unassign') },
    ...tags.map((tag) => ({
      value: `tag:${tag.id}`,
      label: t('admin.bulk.tag', { name: tag.name }),
    })),
    ...tags.map((tag) => ({
      value: `untag:${tag.id}`,
      label: t('admin.bulk.untag', { name: tag.name }),
    })),
    { value: 'review', label: t('admin.bulk.review') },
  ];
  return (
    <SelectField
      label={t('admin.bulk.action')}
      placeholder={t('admin.bulk.choose')}
      options={options}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
