import type { Report } from '@candor/contract/reports';
import { StatusBadge, Tag } from '@/components/ui/status-badge';
import { VoicePlayer } from '@/components/voice/voice-player';
import { reporterName } from '@/features/reports/reporter-name';
import { formatDateTime, formatDay, humanize } from '@/lib/format';
import { administratorsOf, PLATFORM_NAME } from './destination-field';

/** As in the original product (Report detail): the overview of one report. */
export function ReportOverview({ report }: { report: Report }) {
  return (
    <section aria-labelledby="report-overview-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={report.status} />
        <span className="text-sm text-muted">Category: {humanize(report.category)}</span>
        {report.priority_flag && <Tag tone="accent">Priority</Tag>}
        {report.is_anonymous && <Tag tone="brand">Anonymous</Tag>}
        {report.is_guest && <Tag>No account</Tag>}
      </div>
      <h2 id="report-overview-heading" className="text-lg font-semibold text-brand-900">
        Overview
      </h2>
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
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">Submitted</dt>
        <dd>
          <time dateTime={report.submitted_at}>{formatDateTime(report.submitted_at)}</time>
        </dd>
        <dt className="font-medium text-muted">Reference number</dt>
        <dd className="font-mono">{report.token}</dd>
        <dt className="font-medium text-muted">Priority</dt>
        <dd>{report.priority_flag ? 'Yes' : 'No'}</dd>
        <dt className="font-medium text-muted">Submitted by</dt>
        <dd>{reporterName(report)}</dd>
        {report.organization_name && (
          <>
            <dt className="font-medium text-muted">Organization</dt>
            <dd>{report.organization_name}</dd>
          </>
        )}
        <dt className="font-medium text-muted">Sent to</dt>
        <dd>
          {administratorsOf(
            report.destination === 'organization' && report.organization_name
              ? report.organization_name
              : PLATFORM_NAME,
          )}
        </dd>
        {report.purge_on && (
          <>
            <dt className="font-medium text-muted">Deleted on</dt>
            <dd>
              <time dateTime={report.purge_on}>{formatDay(report.purge_on)}</time>: this closed
              report, its messages and its attachment are then removed for good.
            </dd>
          </>
        )}
        <dt className="font-medium text-muted">Attachment</dt>
        <dd>
          {report.file_upload ? (
            <a
              href={report.file_upload}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 min-w-11 items-center font-medium text-brand-700 underline underline-offset-2"
            >
              View File
            </a>
          ) : (
            'None'
          )}
        </dd>
      </dl>
      {report.file_upload && report.file_kind === 'image' && (
        <img
          src={report.file_upload}
          alt="Evidence attached to this report"
          className="max-h-72 rounded-lg border border-slate-200"
        />
      )}
    </section>
  );
}
