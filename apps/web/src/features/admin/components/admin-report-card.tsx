import type { AdminReport, adminStatusTargets } from '@candor/contract/admin';
import { organizationTypeLabels } from '@candor/contract/labels';
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { StatusBadge, Tag } from '@/components/ui/status-badge';
import { VoicePlayer } from '@/components/voice/voice-player';
import { paths } from '@/config/paths';
import { formatDateTime, humanize } from '@/lib/format';
import type { FromListState } from '../dashboard-query';
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

function unreadLabel(count: number) {
  return count === 1
    ? '1 new message from the reporter'
    : `${count} new messages from the reporter`;
}

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
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const unread = report.unread_from_reporter;
  return (
    <li
      className={`rounded-2xl border bg-white p-5 shadow-sm ${
        unread > 0 ? 'border-l-4 border-slate-200 border-l-brand-700' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-1">
          {/* The box's label is a 44 px square around it: a target for a thumb. */}
          <label className="-my-2 -ml-3 flex size-11 shrink-0 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              className="size-5 cursor-pointer accent-brand-700"
              aria-label={`Select ${report.title}`}
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
        {humanize(report.category)} ·{' '}
        <time dateTime={report.submitted_at}>{formatDateTime(report.submitted_at)}</time> ·{' '}
        <span className="font-mono">{report.token}</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <DeadlineChip report={report} />
        {unread > 0 && (
          <span className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            <MessageCircle aria-hidden="true" className="size-3.5" />
            {unreadLabel(unread)}
          </span>
        )}
        <Tag>
          {report.assigned_to ? `Assigned to ${report.assigned_to.username}` : 'Unassigned'}
        </Tag>
        {report.is_anonymous && <Tag tone="brand">Anonymous</Tag>}
        {report.is_guest && <Tag>No account</Tag>}
        {report.priority_flag && <Tag tone="accent">Priority</Tag>}
        {report.is_premium_report && <Tag>Premium</Tag>}
        {report.tags.map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
      </div>
      {open && (
        <div id={detailsId} className="mt-4 space-y-3 border-t border-slate-200 pt-4 text-sm">
          {report.description && (
            <p dir="auto" className="whitespace-pre-wrap wrap-anywhere text-ink">
              {report.description}
            </p>
          )}
          {report.voice && (
            <VoicePlayer
              voice={report.voice}
              label="Voice message with the report (disguised)"
              downloadName={`voice-message-${report.token}`}
            />
          )}
          {report.file_upload && (
            <a
              href={report.file_upload}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 min-w-11 items-center font-medium text-brand-700 underline underline-offset-2"
            >
              View Attachment
            </a>
          )}
          {report.request_type === 'organization' && (
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-muted">Organization</dt>
              <dd>{report.organization_name}</dd>
              <dt className="font-medium text-muted">Organization type</dt>
              <dd>
                {report.organization_type
                  ? organizationTypeLabels[report.organization_type]
                  : 'N/A'}
              </dd>
              <dt className="font-medium text-muted">Justification</dt>
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
          {open ? 'Less' : 'Details'}
        </Button>
        <LinkButton
          to={paths.report(report.id)}
          state={{ fromList: listAddress } satisfies FromListState}
          variant="secondary"
          size="sm"
          aria-label={`Manage ${report.title}`}
        >
          Manage
        </LinkButton>
        {finalStatuses.has(report.status) ? (
          <span className="ml-auto text-sm font-semibold text-muted">
            {report.status === 'cancelled'
              ? 'Cancelled by the reporter'
              : `Final: ${humanize(report.status)}`}
          </span>
        ) : (
          <span className="ml-auto flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={isUpdating || report.status === 'under_review'}
              onClick={() => onStatus('under_review')}
            >
              Review
            </Button>
            <Button size="sm" disabled={isUpdating} onClick={() => onStatus('resolved')}>
              Resolve
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={isUpdating}
              onClick={() => onStatus('rejected')}
            >
              Reject
            </Button>
          </span>
        )}
      </div>
    </li>
  );
}
