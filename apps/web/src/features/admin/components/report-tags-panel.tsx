import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { serverDetail } from '@/lib/error-messages';
import { T, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';
import { useAdminReport } from '../api/assign-report';
import { useSetReportTags, useTags } from '../api/tags';
import { TagChip } from './tag-chip';

/**
 * The report page's tags, for its administrators: each tag of the scope as a box to tick. A tick
 * saves at once. Tags are never shown to the reporter.
 */
export function ReportTagsPanel({ reportId }: { reportId: number }) {
  const t = useT();
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
  const failed = save.error ? (serverDetail(save.error) ?? t('admin.reportTags.failed')) : null;
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          {t('admin.reportTags.heading')}
        </h2>
        {tags.isPending || report.isPending ? (
          <p className="text-sm text-muted">{t('admin.tags.loading')}</p>
        ) : (tags.data ?? []).length === 0 ? (
          <p className="text-sm text-ink">
            <T
              id="admin.reportTags.none"
              components={[
                <Link
                  key="profile"
                  to={paths.profile}
                  className="font-medium text-brand-700 underline"
                />,
              ]}
            />
          </p>
        ) : (
          <fieldset disabled={save.isPending}>
            <legend className="sr-only">{t('admin.reportTags.legend')}</legend>
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
