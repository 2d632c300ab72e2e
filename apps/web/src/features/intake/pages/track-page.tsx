import type { TrackSession } from '@candor/contract/intake';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { trackKeys } from '../api/track-keys';
import { GuestReportView } from '../components/guest-report-view';
import { ReceiptForm } from '../components/receipt-form';

/**
 * `/track`: a report filed without an account, reached with its receipt. The session lives in
 * this component's state only: reloading or closing the tab forgets it (docs/design.md "Receipts").
 */
export function TrackPage() {
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
      title="Track a report"
      documentTitle="Track a report"
      lead="Follow a report you sent without an account: read replies, answer, and see what changed."
    >
      {session ? (
        <GuestReportView
          session={session}
          onEnded={forget}
          onLeave={() => forget('You left your report. Enter your receipt to open it again.')}
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
            <p>
              Lost your receipt? Nobody can look it up: only hashes of it are kept. You can send a
              new report and mention the old reference number if you have it.
            </p>
            {/* A line of its own: a 44 px target inside the sentence would open a gap in it. */}
            <Link
              to={paths.reportWithoutAccount}
              className="flex min-h-11 w-fit items-center font-semibold text-brand-800 underline"
            >
              Send a new report
            </Link>
          </div>
        </div>
      )}
    </Page>
  );
}
