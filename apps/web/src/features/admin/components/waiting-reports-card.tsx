import { Card } from '@/components/ui/card';
import { formatDay, humanize } from '@/lib/format';
import { useWaitingReports } from '../api/get-waiting-reports';

/**
 * For the superuser: open reports nobody may handle, because the only administrator of their
 * organisation (or of the platform) filed them. Bringing in another administrator unblocks them.
 */
export function WaitingReportsCard() {
  const waiting = useWaitingReports();
  const rows = waiting.data ?? [];
  return (
    <Card aria-labelledby="waiting-reports-heading" role="region" className="mb-6">
      <h2 id="waiting-reports-heading" className="text-lg font-semibold text-brand-900">
        Reports waiting for another administrator
      </h2>
      {waiting.isPending && <p className="mt-2 text-muted">Loading...</p>}
      {waiting.isError && (
        <p className="mt-2 text-sm text-red-800">Could not load the reports that are waiting.</p>
      )}
      {waiting.isSuccess && rows.length === 0 && (
        <p className="mt-2 text-sm text-muted">
          None. Every open report has an administrator who did not file it.
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p className="mt-2 text-sm text-ink">
            Their only administrator filed them, so nobody may handle them. Approve another
            administrator for the organisation (or for Candor) to unblock them.
          </p>
          <ul className="mt-3 divide-y divide-slate-200 text-sm">
            {rows.map((row) => (
              <li key={row.reference} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
                <span className="font-mono">{row.reference}</span>
                <span>{row.organization_name ?? 'Candor’s administrators'}</span>
                <span className="text-muted">{humanize(row.status)}</span>
                <span className="text-muted">
                  Filed <time dateTime={row.submitted_on}>{formatDay(row.submitted_on)}</time>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
