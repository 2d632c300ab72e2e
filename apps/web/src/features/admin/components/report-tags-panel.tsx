import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { serverDetail } from '@/lib/error-messages';
import { Link } from '@/lib/router';
import { useAdminReport } from '../api/assign-report';
import { useSetReportTags, useTags } from '../api/tags';
import { TagChip } from './tag-chip';

/**
 * The report page's tags, for its administrators: each tag of the scope as a box to tick. A tick
 * saves at once. Tags are never shown to the reporter.
 */
export function ReportTagsPanel({ reportId }: { reportId: number }) {
  const headingId = useId();
  const report = useAdminReport(reportId);
  const tags = useTags();
  const save = useSetReportTags(reportId);
  const carried = new Set((report.data?.tags ?? []).map((tag) => tag.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(carried);
    if (on) next.add(id);
    else next.delete(id);
    save.mutate([...next]);
  };
  const failed = save.error ? (serverDetail(save.error) ?? 'Could not change the tags.') : null;
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          Tags
        </h2>
        {tags.isPending || report.isPending ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : (tags.data ?? []).length === 0 ? (
          <p className="text-sm text-ink">
            No tags yet. Create them on your{' '}
            <Link to={paths.profile} className="font-medium text-brand-700 underline">
              profile
            </Link>
            .
          </p>
        ) : (
          <fieldset disabled={save.isPending}>
            <legend className="sr-only">Tags of this report</legend>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {(tags.data ?? []).map((tag) => (
                <li key={tag.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-5 shrink-0 accent-brand-700"
                      checked={carried.has(tag.id)}
                      onChange={(event) => toggle(tag.id, event.target.checked)}
                    />
                    <TagChip tag={tag} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {failed && <Alert tone="error">{failed}</Alert>}
      </section>
    </Card>
  );
}
