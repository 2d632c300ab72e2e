import type { TrackSession } from '@candor/contract/intake';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { Link } from '@/lib/router';
import { trackKeys } from '../api/track-keys';
import { GuestReportView } from '../components/guest-report-view';
import { ReceiptForm } from '../components/receipt-form';

/**
 * `/track`: a report filed without an account, reached with its receipt. The session lives in
 * this component's state only: reloading or closing the tab forgets it (docs/design.md "Receipts").
 */
export function TrackPage() {
  const t = useT();
  const [session, setSession] = useState<TrackSession | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const forget = (reason: string | null) => {
    queryClient.removeQueries({ queryKey: trackKeys.all });
    setSession(null);
    setNotice(reason);
  };
  return (
    <Page
      title={t('intake.track.title')}
      documentTitle={t('intake.track.title')}
      lead={t('intake.track.lead')}
    >
      {session ? (
        <GuestReportView
          session={session}
          onEnded={forget}
          onLeave={() => forget(t('intake.track.left'))}
        />
      ) : (
        <div className="space-y-6">
          <ReceiptForm
            notice={notice}
            onOpened={(opened) => {
              setNotice(null);
              setSession(opened);
            }}
          />
          <div className="text-sm text-muted">
            <p>{t('intake.track.lost')}</p>
            {/* A line of its own: a 44 px target inside the sentence would open a gap in it. */}
            <Link
              to={paths.reportWithoutAccount}
              className="flex min-h-11 w-fit items-center font-semibold text-brand-800 underline"
            >
              {t('intake.track.newReport')}
            </Link>
          </div>
        </div>
      )}
    </Page>
  );
}
