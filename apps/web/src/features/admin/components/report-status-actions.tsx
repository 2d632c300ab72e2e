import type { Report } from '@candor/contract/reports';
import { statusWord } from '@/components/report/report-words';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useT } from '@/lib/i18n';
import { useStatusChange } from '../use-status-change';
import { DecisionDialog } from './decision-dialog';

const finalStatuses = new Set(['resolved', 'rejected', 'cancelled']);

/** The report page's status actions for its administrators: the dashboard card's, in place. */
export function ReportStatusActions({
  report,
  onChanged,
}: {
  report: Report;
  onChanged(report: Report): void;
}) {
  const t = useT();
  const change = useStatusChange(onChanged);
  const isFinal = finalStatuses.has(report.status);
  return (
    <Card>
      <section aria-labelledby="status-actions-heading" className="space-y-3">
        <h2 id="status-actions-heading" className="text-lg font-semibold text-brand-900">
          {t('admin.statusActions.heading')}
        </h2>
        {isFinal ? (
          <p className="text-sm font-semibold text-muted">
            {report.status === 'cancelled'
              ? t('admin.card.cancelled')
              : t('admin.card.final', { status: statusWord(report.status) })}
          </p>
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              disabled={change.isPending || report.status === 'under_review'}
              onClick={() => change.start(report, 'under_review')}
            >
              {t('admin.card.review')}
            </Button>
            <Button disabled={change.isPending} onClick={() => change.start(report, 'resolved')}>
              {t('admin.card.resolve')}
            </Button>
            <Button
              variant="danger"
              disabled={change.isPending}
              onClick={() => change.start(report, 'rejected')}
            >
              {t('admin.card.reject')}
            </Button>
          </div>
        )}
        {change.error && !change.deciding && <Alert tone="error">{change.error}</Alert>}
      </section>
      <DecisionDialog
        status={change.deciding?.status ?? null}
        reportTitle={report.title}
        isBusy={change.isPending}
        error={change.deciding ? change.error : null}
        onDecide={change.decide}
        onCancel={change.cancel}
      />
    </Card>
  );
}
