import type { Report } from '@candor/contract/reports';
import { EvidenceLink, ReportStatement } from '@/components/report/report-statement';
import { categoryWord } from '@/components/report/report-words';
import { StatusBadge, Tag } from '@/components/ui/status-badge';
import { reporterName } from '@/features/reports/reporter-name';
import { formatDateTime, formatDay } from '@/lib/format';
import { T, useT } from '@/lib/i18n';
import { PLATFORM_NAME } from './destination-field';

/** As in the original product (Report detail): the overview of one report. */
export function ReportOverview({ report }: { report: Report }) {
  const t = useT();
  return (
    <section aria-labelledby="report-overview-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={report.status} />
        <span className="text-sm text-muted">
          {t('reports.item.category', { category: categoryWord(report.category) })}
        </span>
        {report.priority_flag && <Tag tone="accent">{t('reports.item.priority')}</Tag>}
        {report.is_anonymous && <Tag tone="brand">{t('reports.overview.anonymous')}</Tag>}
        {report.is_guest && <Tag>{t('reports.overview.noAccount')}</Tag>}
      </div>
      <h2 id="report-overview-heading" className="text-lg font-semibold text-brand-900">
        {t('reports.overview.heading')}
      </h2>
      <ReportStatement report={report} voiceLabel={t('reports.overview.voice')} />
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">{t('reports.overview.submitted')}</dt>
        <dd>
          <time dateTime={report.submitted_at}>{formatDateTime(report.submitted_at)}</time>
        </dd>
        <dt className="font-medium text-muted">{t('reports.overview.reference')}</dt>
        <dd className="font-mono">{report.token}</dd>
        <dt className="font-medium text-muted">{t('reports.overview.priority')}</dt>
        <dd>{report.priority_flag ? t('reports.overview.yes') : t('reports.overview.no')}</dd>
        <dt className="font-medium text-muted">{t('reports.overview.submittedBy')}</dt>
        <dd>{reporterName(report)}</dd>
        {report.organization_name && (
          <>
            <dt className="font-medium text-muted">{t('reports.overview.organization')}</dt>
            <dd>{report.organization_name}</dd>
          </>
        )}
        <dt className="font-medium text-muted">{t('reports.overview.sentTo')}</dt>
        <dd>
          {t('reports.destination.choice', {
            name:
              report.destination === 'organization' && report.organization_name
                ? report.organization_name
                : PLATFORM_NAME,
          })}
        </dd>
        {report.purge_on && (
          <>
            <dt className="font-medium text-muted">{t('reports.overview.deletedOn')}</dt>
            <dd>
              <T
                id="reports.overview.deletedOnText"
                values={{ date: formatDay(report.purge_on) }}
                components={[<time key="0" dateTime={report.purge_on} />]}
              />
            </dd>
          </>
        )}
        <dt className="font-medium text-muted">{t('reports.overview.attachment')}</dt>
        <dd>
          {report.file_upload ? (
            <EvidenceLink href={report.file_upload}>{t('reports.overview.viewFile')}</EvidenceLink>
          ) : (
            t('reports.overview.none')
          )}
        </dd>
      </dl>
      {report.file_upload && report.file_kind === 'image' && (
        <img
          src={report.file_upload}
          alt={t('reports.overview.evidenceAlt')}
          className="max-h-72 rounded-lg border border-slate-200"
        />
      )}
    </section>
  );
}
