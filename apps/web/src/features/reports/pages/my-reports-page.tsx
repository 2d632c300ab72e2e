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
import { useT } from '@/lib/i18n';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { useMyReports } from '../api/get-my-reports';
import { OwnerActions } from '../components/owner-actions';
import { ReportDetail } from '../components/report-detail';
import { ReportListItem } from '../components/report-list-item';
import { deletedNotice, type MyReportsNotice } from './report-detail-page';

function MyReportDetail({ id, onBack }: { id: number; onBack(deleted: boolean): void }) {
  const t = useT();
  const { user } = useAuth();
  const detailTexts = {
    loadError: t('reports.mine.loadError'),
    commentsError: t('reports.mine.commentsError'),
    sendError: t('reports.mine.sendError'),
  };
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <Button variant="ghost" onClick={() => onBack(false)}>
        {t('reports.detail.back')}
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
  const t = useT();
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
          setNotice(deleted ? deletedNotice() : null);
          setParams({});
        }}
      />
    );
  }

  return (
    <Page
      title={t('reports.mine.title')}
      width="normal"
      actions={
        <div className="flex gap-3">
          <LinkButton to={paths.submitReport} variant="secondary">
            {t('reports.mine.submit')}
          </LinkButton>
          <Button variant="ghost" onClick={logout}>
            {t('reports.mine.logout')}
          </Button>
        </div>
      }
    >
      {notice && (
        <Alert tone="success" className="mb-6">
          {notice}
        </Alert>
      )}
      {reports.isPending && <LoadingState label={t('reports.mine.loading')} />}
      {reports.isError && <Alert tone="error">{t('reports.mine.loadError')}</Alert>}
      {reports.data?.length === 0 && (
        <Card className="text-center">
          <p className="mb-4 text-muted">{t('reports.mine.empty')}</p>
          <LinkButton to={paths.submitReport}>{t('reports.mine.submitNew')}</LinkButton>
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
