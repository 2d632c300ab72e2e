import { useQueryClient } from '@tanstack/react-query';
import { AcknowledgeReceipt } from '@/features/admin/components/acknowledge-receipt';
import { AssignmentPanel } from '@/features/admin/components/assignment-panel';
import { BackToReportsLink } from '@/features/admin/components/back-to-reports-link';
import { RelatedReportsPanel } from '@/features/admin/components/related-reports-panel';
import { ReportStatusActions } from '@/features/admin/components/report-status-actions';
import { ReportTagsPanel } from '@/features/admin/components/report-tags-panel';
import { reportKeys } from '@/features/reports/api/report-keys';
import { ReportDetailPage } from '@/features/reports/pages/report-detail-page';

/**
 * /reports/{id}: the report page, with the admin feature's legal clock, assignment, status
 * actions, tags, related reports and way back.
 */
export function ReportRoute() {
  const queryClient = useQueryClient();
  return (
    <ReportDetailPage
      adminBackLink={<BackToReportsLink />}
      adminActions={(report) => {
        const onChanged = (changed: typeof report) => {
          queryClient.setQueryData(reportKeys.detail(changed.id), changed);
          // A decision's or an acknowledgement's message joins the conversation.
          void queryClient.invalidateQueries({ queryKey: reportKeys.comments(changed.id) });
        };
        return (
          <>
            <AssignmentPanel reportId={report.id} />
            <AcknowledgeReceipt report={report} onAcknowledged={onChanged} />
            <ReportStatusActions report={report} onChanged={onChanged} />
            <ReportTagsPanel reportId={report.id} />
            <RelatedReportsPanel reportId={report.id} />
          </>
        );
      }}
    />
  );
}
