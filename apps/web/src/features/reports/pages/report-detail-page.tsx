import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth/auth-context';
import { ReportDetail } from '../components/report-detail';

const LOAD_ERROR =
  'Failed to load report details or messages. Please check the report ID or your permissions.';

/** /reports/{reportId} (spec section 2), for the reporter and for admins. */
export function ReportDetailPage() {
  const { reportId } = useParams();
  const { user } = useAuth();
  const id = Number(reportId);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      {reportId === undefined ? (
        <Alert tone="error">
          No report ID provided in the URL. Please navigate from a valid report link.
        </Alert>
      ) : !Number.isInteger(id) || id < 1 ? (
        <Alert tone="error">Report not found or you do not have access.</Alert>
      ) : (
        <ReportDetail
          reportId={id}
          isAdmin={user?.role === 'admin'}
          texts={{
            loadError: LOAD_ERROR,
            commentsError: LOAD_ERROR,
            sendError: 'Failed to send message. Please try again.',
          }}
        />
      )}
    </div>
  );
}
