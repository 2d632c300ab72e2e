import type { ReactNode } from 'react';
import { categoryWord } from '@/components/report/report-words';
import { ReportDeadlines } from '@/components/report-deadlines';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeading } from '@/components/ui/page-heading';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useReport } from '../api/get-report';
import { Conversation } from './conversation';
import { ReportOverview } from './report-overview';

type ReportDetailProps = {
  reportId: number;
  isAdmin: boolean;
  /** Owner actions (My Reports) or nothing (the shared detail page). */
  actions?: (report: NonNullable<ReturnType<typeof useReport>['data']>) => ReactNode;
  headingLevel?: 'h1' | 'h2';
  texts: { loadError: string; commentsError: string; sendError: string };
};

/** A report with its conversation: used by /reports/{id} and by My Reports' detail view. */
export function ReportDetail({
  reportId,
  isAdmin,
  actions,
  headingLevel = 'h1',
  texts,
}: ReportDetailProps) {
  const t = useT();
  const report = useReport(reportId);
  useDocumentTitle(t('reports.detail.documentTitle'));
  if (report.isPending) return <LoadingState label={t('reports.detail.loading')} />;
  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return <Alert tone="error">{missing ? t('reports.detail.notFound') : texts.loadError}</Alert>;
  }
  const data = report.data;
  return (
    <div className="space-y-6">
      <header>
        <PageHeading
          as={headingLevel}
          documentTitle={t('reports.detail.documentTitle')}
          className="wrap-anywhere text-3xl font-bold tracking-tight text-brand-900"
        >
          <bdi>{data.title}</bdi>
        </PageHeading>
        <p className="mt-1 text-muted">{categoryWord(data.category)}</p>
      </header>
      {/* Wide screens: the facts (overview, clock, actions) beside the conversation. */}
      <div
        className={
          isAdmin
            ? 'grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start'
            : 'space-y-6'
        }
      >
        <div className="min-w-0 space-y-6" data-testid="report-facts">
          <Card>
            <ReportOverview report={data} />
          </Card>
          {!isAdmin && (
            <Card>
              <ReportDeadlines report={data} />
            </Card>
          )}
          {actions?.(data)}
        </div>
        <Card className="min-w-0" data-testid="report-conversation">
          <Conversation
            reportId={reportId}
            isAdmin={isAdmin}
            canSend={data.status !== 'cancelled'}
            loadError={texts.commentsError}
            sendError={texts.sendError}
          />
        </Card>
      </div>
    </div>
  );
}
