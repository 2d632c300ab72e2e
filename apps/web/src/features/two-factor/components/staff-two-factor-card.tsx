import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverDetail } from '@/lib/error-messages';
import { useStaffTwoFactor } from '../api/get-staff-two-factor';
import { useResetStaffTwoFactor } from '../api/reset-staff-two-factor';

type StaffMember = { id: number; username: string };

/**
 * For the superuser: which administrators have not set up two-factor authentication, and a
 * reset for one who lost their authenticator and recovery codes (docs/operating.md "Second factor").
 */
export function StaffTwoFactorCard() {
  const staff = useStaffTwoFactor();
  const reset = useResetStaffTwoFactor();
  const [asked, setAsked] = useState<StaffMember | null>(null);
  const rows = staff.data?.results ?? [];
  const missing = rows.filter((row) => !row.is_enabled);
  const enrolled = rows.filter((row) => row.is_enabled);
  return (
    <Card aria-labelledby="staff-two-factor-heading" role="region" className="mb-6">
      <h2 id="staff-two-factor-heading" className="text-lg font-semibold text-brand-900">
        Staff two-factor authentication
      </h2>
      {staff.isPending && <p className="mt-2 text-muted">Loading...</p>}
      {staff.isError && <p className="mt-2 text-sm text-red-800">Could not load the staff list.</p>}
      {staff.data && (
        <p className="mt-2 text-sm text-ink">
          {staff.data.is_required
            ? 'Required for staff: those below act as plain users until they set it up.'
            : 'Not required for staff (REQUIRE_STAFF_2FA is off).'}
        </p>
      )}
      {staff.isSuccess && (
        <>
          <h3 className="mt-4 font-semibold text-ink">Not set up</h3>
          {missing.length === 0 ? (
            <p className="mt-1 text-sm text-muted">Every administrator has set it up.</p>
          ) : (
            <ul
              className="mt-1 divide-y divide-slate-200 text-sm"
              aria-label="Staff without two-factor authentication"
            >
              {missing.map((row) => (
                <li key={row.id} className="py-2">
                  {row.username}{' '}
                  <span className="text-muted">
                    ({row.is_superuser ? 'superuser' : 'administrator'})
                  </span>
                </li>
              ))}
            </ul>
          )}
          {enrolled.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold text-ink">Set up</h3>
              <ul className="mt-1 divide-y divide-slate-200 text-sm">
                {enrolled.map((row) => (
                  <li
                    key={row.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                  >
                    <span>{row.username}</span>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setAsked({ id: row.id, username: row.username })}
                      aria-label={`Reset two-factor authentication of ${row.username}`}
                    >
                      Reset
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {reset.isError && (
        <Alert tone="error" className="mt-3">
          {serverDetail(reset.error) ?? 'Could not reset. Please try again.'}
        </Alert>
      )}
      <ConfirmDialog
        open={asked !== null}
        message={`Reset the two-factor authentication of ${asked?.username ?? ''}? Their sign-ins end, and they set it up again.`}
        confirmLabel="Reset"
        onConfirm={() => {
          if (asked) reset.mutate(asked.id);
          setAsked(null);
        }}
        onCancel={() => setAsked(null)}
      />
    </Card>
  );
}
