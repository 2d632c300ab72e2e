import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth, useLogout } from '@/lib/auth/auth-context';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { useMyReports } from '../api/get-my-reports';
import { OwnerActions } from '../components/owner-actions';
import { ReportDetail } from '../components/report-detail';
import { ReportListItem } from '../components/report-list-item';
import { DELETED_NOTICE, type MyReportsNotice } from './report-detail-page';

const detailTexts = {
  loadError: 'Failed to fetch your reports. Please try again.',
  commentsError: 'Failed to load comments. Please try again.',
  sendError: 'Failed to send comment. Please try again.',
};

function MyReportDetail({ id, onBack }: { id: number; onBack(deleted: boolean): void }) {
  const { user } = useAuth();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <Button variant="ghost" onClick={() => onBack(false)}>
        ← Back to My Reports
      </Button>
      <ReportDetail
        reportId={id}
        isAdmin={user?.role === 'admin'}
        texts={detailTexts}
        actions={(report) => <OwnerActions report={report} onDeleted={() => onBack(true)} />}
      />
    </div>
  );
}

/** /my-reports (as in the original product): the caller's reports, and one of them in detail. */
export function MyReportsPage() {
  const reports = useMyReports();
  const logout = useLogout();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // A report deleted from its own page comes back here with the spec's success message.
  const [notice, setNotice] = useState<string | null>(
    (location.state as MyReportsNotice | null)?.notice ?? null,
  );
  const selected = Number(params.get('report'));

  useEffect(() => {
    // As in the original product: a 401 also goes to /login.
    if (reports.error instanceof ApiError && reports.error.status === 401) navigate(paths.login);
  }, [reports.error, navigate]);

  if (Number.isInteger(selected) && selected > 0) {
    return (
      <MyReportDetail
        id={selected}
        onBack={(deleted) => {
          setNotice(deleted ? DELETED_NOTICE : null);
          setParams({});
        }}
      />
    );
  }

  return (
    <Page
      title="My Reports"
      width="normal"
      actions={
        <div className="flex gap-3">
          <LinkButton to={paths.submitReport} variant="secondary">
            Submit Report
          </LinkButton>
          <Button variant="ghost" onClick={logout}>
            Logout
          </Button>
        </div>
      }
    >
      {notice && (
        <Alert tone="success" className="mb-6">
          {notice}
        </Alert>
      )}
      {reports.isPending && <LoadingState label="Loading your reports..." />}
      {reports.isError && (
        <Alert tone="error">Failed to fetch your reports. Please try again.</Alert>
      )}
      {reports.data?.length === 0 && (
        <Card className="text-center">
          <p className="mb-4 text-muted">You have not submitted any reports yet.</p>
          <LinkButton to={paths.submitReport}>Submit a New Report</LinkButton>
        </Card>
      )}
      {reports.data && reports.data.length > 0 && (
        <ul className="space-y-4">
          {reports.data.map((report) => (
            <ReportListItem
              key={report.id}
              report={report}
              to={`${paths.myReports}?report=${report.id}`}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}
