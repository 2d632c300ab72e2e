import type { Report } from '@candor/contract/reports';
import { useState } from 'react';
import { CertificateTitleChoice } from '@/components/certificate-title-choice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useCancelReport } from '../api/cancel-report';
import { useDeleteReport } from '../api/delete-report';
import { useExportCertificate } from '../api/export-certificate';

type Outcome = { tone: 'success' | 'error'; text: string };

/** As in the original product: what an owner may do with each status, and the original product's texts. */
export function OwnerActions({ report, onDeleted }: { report: Report; onDeleted(): void }) {
  const t = useT();
  const cancel = useCancelReport();
  const remove = useDeleteReport();
  const certificate = useExportCertificate();
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [withTitle, setWithTitle] = useState(false);
  const canCancel = !['cancelled', 'resolved', 'rejected'].includes(report.status);
  const canDelete = report.status !== 'resolved';

  const confirm = () => {
    const action = asking;
    setAsking(null);
    if (action === 'cancel') {
      cancel.mutate(report.id, {
        onSuccess: () => setOutcome({ tone: 'success', text: t('reports.owner.cancelled') }),
        onError: (error) => {
          const detail = serverDetail(error);
          setOutcome({
            tone: 'error',
            text: detail
              ? t('reports.owner.cancelFailedDetail', { detail })
              : t('reports.owner.cancelFailed'),
          });
        },
      });
    }
    if (action === 'delete') {
      remove.mutate(report.id, {
        onSuccess: onDeleted,
        onError: (error) => {
          const detail = serverDetail(error);
          setOutcome({
            tone: 'error',
            text: detail
              ? t('reports.owner.deleteFailedDetail', { detail })
              : t('reports.owner.deleteFailed'),
          });
        },
      });
    }
  };

  const exportCertificate = () =>
    certificate.mutate(
      { id: report.id, withTitle },
      {
        onSuccess: () => setOutcome({ tone: 'success', text: t('reports.owner.certificateDone') }),
        onError: () => setOutcome({ tone: 'error', text: t('reports.owner.certificateFailed') }),
      },
    );

  return (
    <div className="space-y-3">
      {report.status === 'resolved' && (
        <CertificateTitleChoice checked={withTitle} onChange={setWithTitle} />
      )}
      <div className="flex flex-wrap gap-3">
        {canCancel && (
          <Button
            variant="secondary"
            onClick={() => setAsking('cancel')}
            disabled={cancel.isPending}
          >
            {t('reports.owner.cancel')}
          </Button>
        )}
        {canDelete && (
          <Button variant="danger" onClick={() => setAsking('delete')} disabled={remove.isPending}>
            {t('reports.owner.delete')}
          </Button>
        )}
        {report.status === 'resolved' && (
          <Button
            onClick={exportCertificate}
            isBusy={certificate.isPending}
            busyLabel={t('reports.owner.exporting')}
          >
            {t('reports.owner.export')}
          </Button>
        )}
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ConfirmDialog
        open={asking !== null}
        message={
          asking === 'delete' ? t('reports.owner.confirmDelete') : t('reports.owner.confirmCancel')
        }
        confirmLabel={asking === 'delete' ? t('reports.owner.delete') : t('reports.owner.cancel')}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
