import type { AdminReport, adminStatusTargets } from '@candor/contract/admin';
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { EvidenceLink, ReportStatement } from '@/components/report/report-statement';
import { categoryWord, statusWord } from '@/components/report/report-words';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { StatusBadge, Tag } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import type { FromListState } from '../dashboard-query';
import { organizationTypeWordIds } from '../words';
import { DeadlineChip } from './deadline-chip';
import { TagChip } from './tag-chip';

type AdminReportCardProps = {
  report: AdminReport;
  onStatus(status: (typeof adminStatusTargets)[number]): void;
  isUpdating: boolean;
  /** The list's address, so the report can lead back to the list as it was. */
  listAddress: string;
  /** Ticked for a bulk action. */
  isSelected: boolean;
  onSelect(selected: boolean): void;
};

const finalStatuses = new Set(['resolved', 'rejected', 'cancelled']);

/** As in the original product (Admin dashboard): one report with its tags, details and actions. */
export function AdminReportCard({
  report,
  onStatus,
  isUpdating,
  listAddress,
  isSelected,
  onSelect,
}: AdminReportCardProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const unread = report.unread_from_reporter;
  return (
    <li
      className={`rounded-2xl border bg-white p-5 shadow-sm ${
        unread > 0 ? 'border-s-4 border-slate-200 border-s-brand-700' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-1">
          {/* The box's label is a 44 px square around it: a target for a thumb. */}
          <label className="-my-2 -ms-3 flex size-11 shrink-0 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              className="size-5 cursor-pointer accent-brand-700"
              aria-label={t('admin.card.select', { title: report.title })}
              checked={isSelected}
              onChange={(event) => onSelect(event.target.checked)}
            />
          </label>
          <h3 dir="auto" className="min-w-0 wrap-anywhere text-lg font-semibold text-brand-900">
            {report.title}
          </h3>
        </div>
        <StatusBadge status={report.status} />
      </div>
      <p className="mt-1 text-sm text-muted">
        {categoryWord(report.category)} ·{' '}
        <time dateTime={report.submitted_at}>{formatDateTime(report.submitted_at)}</time> ·{' '}
        <span className="font-mono">{report.token}</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <DeadlineChip report={report} />
        {unread > 0 && (
          <span className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            <MessageCircle aria-hidden="true" className="size-3.5" />
            {t('admin.card.unread', { count: unread })}
          </span>
        )}
        <Tag>
          {report.assigned_to
            ? t('admin.card.assignedTo', { name: report.assigned_to.username })
            : t('admin.card.unassigned')}
        </Tag>
        {report.is_anonymous && <Tag tone="brand">{t('admin.card.anonymous')}</Tag>}
        {report.is_guest && <Tag>{t('admin.card.noAccount')}</Tag>}
        {report.priority_flag && <Tag tone="accent">{t('admin.card.priority')}</Tag>}
        {report.is_premium_report && <Tag>{t('admin.card.premium')}</Tag>}
        {report.tags.map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
      </div>
      {open && (
        <div id={detailsId} className="mt-4 space-y-3 border-t border-slate-200 pt-4 text-sm">
          <ReportStatement report={report} voiceLabel={t('admin.card.voice')} />
          {report.file_upload && (
            <EvidenceLink href={report.file_upload}>{t('admin.card.attachment')}</EvidenceLink>
          )}
          {report.request_type === 'organization' && (
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-muted">{t('admin.card.organization')}</dt>
              <dd>{report.organization_name}</dd>
              <dt className="font-medium text-muted">{t('admin.card.organizationType')}</dt>
              <dd>
                {report.organization_type
                  ? t(organizationTypeWordIds[report.organization_type])
                  : t('admin.card.notGiven')}
              </dd>
              <dt className="font-medium text-muted">{t('admin.card.justification')}</dt>
              <dd>{report.justification}</dd>
            </dl>
          )}
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('admin.card.less') : t('admin.card.details')}
        </Button>
        <LinkButton
          to={paths.report(report.id)}
          state={{ fromList: listAddress } satisfies FromListState}
          variant="secondary"
          size="sm"
          aria-label={t('admin.card.manageLabel', { title: report.title })}
        >
          {t('admin.card.manage')}
        </LinkButton>
        {finalStatuses.has(report.status) ? (
          <span className="ms-auto text-sm font-semibold text-muted">
            {report.status === 'cancelled'
              ? t('admin.card.cancelled')
              : t('admin.card.final', { status: statusWord(report.status) })}
          </span>
        ) : (
          <span className="ms-auto flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={isUpdating || report.status === 'under_review'}
              onClick={() => onStatus('under_review')}
            >
              {t('admin.card.review')}
            </Button>
            <Button size="sm" disabled={isUpdating} onClick={() => onStatus('resolved')}>
              {t('admin.card.resolve')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={isUpdating}
              onClick={() => onStatus('rejected')}
            >
              {t('admin.card.reject')}
            </Button>
          </span>
        )}
      </div>
    </li>
  );
}
