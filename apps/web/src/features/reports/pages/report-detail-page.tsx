import type { Report } from '@candor/contract/reports';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { t as translate, useT } from '@/lib/i18n';
import { Link, useNavigate, useParams } from '@/lib/router';
import { useMyReports } from '../api/get-my-reports';
import { OwnerActions } from '../components/owner-actions';
import { ReportDetail } from '../components/report-detail';

/** What My Reports says after a deletion, in the language of the moment. */
export const deletedNotice = () => translate('reports.owner.deleted');

/** What My Reports shows when it is reached after a deletion. */
export type MyReportsNotice = { notice: string };

type ReportDetailPageProps = {
  /** For administrators: a way back to the list they came from. */
  adminBackLink?: ReactNode;
  /** For administrators: the status actions of the report. */
  adminActions?: (report: Report) => ReactNode;
};

const backLinkClasses =
  'inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900';

/**
 * /reports/{reportId} (as in the original product), for the reporter and for admins. Its reporter gets the
 * owner's actions (Cancel, Delete, Export Certificate) and a way back to My Reports, as in My
 * Reports' own detail view; an administrator gets the status actions and a way back to the list.
 */
export function ReportDetailPage({ adminBackLink, adminActions }: ReportDetailPageProps) {
  const t = useT();
  const { reportId } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = Number(reportId);
  const mine = useMyReports();
  const isOwner = mine.data?.some((report) => report.id === id) ?? false;
  // An administrator never administers a report they filed: on their own report they are its
  // reporter (docs/api.md "Conflict of interest"), and the admin tools wait until that is known.
  const isAdmin = user?.role === 'admin' && !mine.isPending && !isOwner;
  return (
    <div
      className={`mx-auto w-full space-y-6 px-4 py-10 sm:px-6 ${isAdmin ? 'max-w-7xl' : 'max-w-3xl'}`}
    >
      {isOwner ? (
        <Link to={paths.myReports} className={backLinkClasses}>
          {t('reports.detail.back')}
        </Link>
      ) : (
        isAdmin && adminBackLink
      )}
      {reportId === undefined ? (
        <Alert tone="error">{t('reports.detail.noId')}</Alert>
      ) : !Number.isInteger(id) || id < 1 ? (
        <Alert tone="error">{t('reports.detail.notFound')}</Alert>
      ) : (
        <ReportDetail
          reportId={id}
          isAdmin={isAdmin}
          texts={{
            loadError: t('reports.detail.loadError'),
            commentsError: t('reports.detail.loadError'),
            sendError: t('reports.detail.sendError'),
          }}
          actions={(report) =>
            isOwner ? (
              <OwnerActions
                report={report}
                onDeleted={() =>
                  navigate(paths.myReports, {
                    state: { notice: deletedNotice() } satisfies MyReportsNotice,
                  })
                }
              />
            ) : isAdmin ? (
              adminActions?.(report)
            ) : null
          }
        />
      )}
    </div>
  );
}
