import type { Report } from '@candor/contract/reports';
import { useState } from 'react';
import { CertificateTitleChoice } from '@/components/certificate-title-choice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverDetail } from '@/lib/error-messages';
import { useCancelReport } from '../api/cancel-report';
import { useDeleteReport } from '../api/delete-report';
import { useExportCertificate } from '../api/export-certificate';

const CONFIRM_CANCEL =
  'Are you sure you want to cancel this report? This action cannot be undone if the report status changes.';
const CONFIRM_DELETE =
  'Are you sure you want to permanently delete this report? This action cannot be undone.';

type Outcome = { tone: 'success' | 'error'; text: string };

/** As in the original product: what an owner may do with each status, and the original product's texts. */
export function OwnerActions({ report, onDeleted }: { report: Report; onDeleted(): void }) {
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
        onSuccess: () => setOutcome({ tone: 'success', text: 'Report cancelled successfully!' }),
        onError: (error) => {
          const detail = serverDetail(error);
          setOutcome({
            tone: 'error',
            text: detail
              ? `Failed to cancel report: ${detail}`
              : 'Failed to cancel report. Please try again.',
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
              ? `Failed to delete report: ${detail}`
              : 'Failed to delete report. Please try again.',
          });
        },
      });
    }
  };

  const exportCertificate = () =>
    certificate.mutate(
      { id: report.id, withTitle },
      {
        onSuccess: () =>
          setOutcome({ tone: 'success', text: 'Certificate downloaded successfully!' }),
        onError: () =>
          setOutcome({ tone: 'error', text: 'Failed to export certificate. Please try again.' }),
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
            Cancel Report
          </Button>
        )}
        {canDelete && (
          <Button variant="danger" onClick={() => setAsking('delete')} disabled={remove.isPending}>
            Delete Report
          </Button>
        )}
        {report.status === 'resolved' && (
          <Button
            onClick={exportCertificate}
            isBusy={certificate.isPending}
            busyLabel="Exporting..."
          >
            Export Certificate
          </Button>
        )}
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ConfirmDialog
        open={asking !== null}
        message={asking === 'delete' ? CONFIRM_DELETE : CONFIRM_CANCEL}
        confirmLabel={asking === 'delete' ? 'Delete Report' : 'Cancel Report'}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
