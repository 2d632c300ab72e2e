import type { Report } from '@candor/contract/reports';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/text-area-field';
import { formatLongDay } from '@/lib/deadline-words';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useAcknowledgeReport } from '../api/acknowledge-report';
import { DeadlineChip } from './deadline-chip';

/**
 * The report page's legal clock for its administrators: the next deadline, and "Acknowledge
 * receipt" with an optional message to the reporter until the report is acknowledged.
 */
export function AcknowledgeReceipt({
  report,
  onAcknowledged,
}: {
  report: Report;
  onAcknowledged(report: Report): void;
}) {
  const t = useT();
  const [message, setMessage] = useState('');
  const acknowledge = useAcknowledgeReport(onAcknowledged);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    acknowledge.mutate({ id: report.id, message: message.trim() || undefined });
  };
  const acknowledgedAt = report.acknowledged_at;
  return (
    <Card>
      <section aria-labelledby="legal-clock-heading" className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="legal-clock-heading" className="text-lg font-semibold text-brand-900">
            {t('admin.acknowledge.heading')}
          </h2>
          <DeadlineChip report={report} />
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted">{t('admin.acknowledge.by')}</dt>
          <dd>
            {formatLongDay(report.acknowledge_by)}
            {acknowledgedAt &&
              (Date.parse(acknowledgedAt) <= Date.parse(report.acknowledge_by)
                ? t('admin.acknowledge.doneOnTime', { day: formatLongDay(acknowledgedAt) })
                : t('admin.acknowledge.doneLate', { day: formatLongDay(acknowledgedAt) }))}
          </dd>
          <dt className="font-medium text-muted">{t('admin.acknowledge.feedbackBy')}</dt>
          <dd>
            {formatLongDay(report.feedback_by)}
            {report.feedback_at &&
              (Date.parse(report.feedback_at) <= Date.parse(report.feedback_by)
                ? t('admin.acknowledge.givenOnTime', { day: formatLongDay(report.feedback_at) })
                : t('admin.acknowledge.givenLate', { day: formatLongDay(report.feedback_at) }))}
          </dd>
        </dl>
        {acknowledgedAt === null && report.status !== 'cancelled' && (
          <form onSubmit={onSubmit} className="space-y-3">
            <TextAreaField
              label={t('admin.acknowledge.message')}
              hint={t('admin.acknowledge.messageHint')}
              rows={2}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            {acknowledge.isError && (
              <Alert tone="error">
                {serverDetail(acknowledge.error) ?? t('admin.acknowledge.failed')}
              </Alert>
            )}
            <Button
              type="submit"
              isBusy={acknowledge.isPending}
              busyLabel={t('admin.acknowledge.busy')}
            >
              {t('admin.acknowledge.submit')}
            </Button>
          </form>
        )}
      </section>
    </Card>
  );
}
