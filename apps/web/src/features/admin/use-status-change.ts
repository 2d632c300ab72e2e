import type { FinalDecisionInput, UpdateReportStatusInput } from '@candor/contract/admin';
import type { Report } from '@candor/contract/reports';
import { useState } from 'react';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useUpdateReportStatus } from './api/update-report-status';
import type { FinalStatus } from './components/decision-dialog';

type Target = UpdateReportStatusInput['status'];

/**
 * The status workflow as the dashboard and the report page run it: Review changes at once;
 * Resolve and Reject open the decision dialog, and are sent with its message.
 */
export function useStatusChange(onChanged?: (report: Report) => void) {
  const t = useT();
  const update = useUpdateReportStatus(onChanged);
  const [deciding, setDeciding] = useState<{ report: Report; status: FinalStatus } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = (id: number, input: UpdateReportStatusInput, after?: () => void) => {
    setError(null);
    update.mutate(
      { id, ...input },
      {
        onSuccess: after,
        onError: (failure) =>
          setError(
            t('admin.statusChange.failed', {
              error: serverDetail(failure) ?? (failure as Error).message,
            }),
          ),
      },
    );
  };

  return {
    deciding,
    error,
    isPending: update.isPending,
    isUpdating: (id: number) => update.isPending && update.variables?.id === id,
    start(report: Report, status: Target) {
      setError(null);
      if (status === 'resolved' || status === 'rejected') setDeciding({ report, status });
      else send(report.id, { status });
    },
    decide(input: FinalDecisionInput) {
      if (deciding) send(deciding.report.id, input, () => setDeciding(null));
    },
    cancel() {
      setDeciding(null);
      setError(null);
    },
  };
}
