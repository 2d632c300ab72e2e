import type { TwoFactorEnabled } from '@candor/contract/two-factor';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { DisableForm } from '../components/disable-form';
import { EnrolmentForm } from '../components/enrolment-form';
import { RecoveryCodes } from '../components/recovery-codes';
import { RenewCodesForm } from '../components/renew-codes-form';

/** Where staff go once set up: their dashboard. */
function dashboardOf(claims: { role: string; is_superuser: boolean } | null) {
  if (claims?.is_superuser) return paths.superuserDashboard;
  if (claims?.role === 'admin') return paths.adminDashboard;
  return paths.profile;
}

/** /two-factor: staff set up, or turn off, their second factor (docs/operating.md "Second factor"). */
export function TwoFactorPage() {
  const status = useTwoFactorStatus();
  const { signIn } = useAuth();
  // Kept here: signing in anew clears the cached status, and the codes must stay on screen.
  const [enabled, setEnabled] = useState<{ codes: string[]; next: string; done?: string } | null>(
    null,
  );

  const onEnabled = ({ recovery_codes: codes, tokens }: TwoFactorEnabled) => {
    const claims = signIn(tokens);
    setEnabled({ codes, next: dashboardOf(claims) });
  };

  return (
    <Page
      title="Two-factor authentication"
      lead="A code from an app on your phone, asked after your password, keeps your administrator account safe even if the password leaks."
    >
      {enabled ? (
        <RecoveryCodes codes={enabled.codes} next={enabled.next} done={enabled.done} />
      ) : (
        <>
          {status.isPending && <LoadingState label="Loading..." />}
          {status.isError && (
            <Alert tone="error">Could not load your two-factor settings. Please try again.</Alert>
          )}
          {status.data && !status.data.is_staff && (
            <Alert tone="info">Two-factor authentication is for administrators.</Alert>
          )}
          {status.data?.is_staff && !status.data.is_enabled && (
            <>
              {status.data.is_required && (
                <Alert tone="info" className="mb-4">
                  This site requires two-factor authentication for staff. Set it up to use your
                  administrator role; until then you can use Candor as a plain user.
                </Alert>
              )}
              <EnrolmentForm onEnabled={onEnabled} />
            </>
          )}
          {status.data?.is_staff && status.data.is_enabled && (
            <Card>
              <p className="text-ink">
                Two-factor authentication is on. Recovery codes left:{' '}
                <strong>{status.data.recovery_codes_left}</strong>.
              </p>
              {status.data.is_required ? (
                <p className="mt-2 text-sm text-muted">
                  It is required for staff on this site, so it cannot be turned off. If you lose
                  your phone and your recovery codes, ask the superuser to reset it.
                </p>
              ) : (
                <DisableForm />
              )}
              <RenewCodesForm
                onRenewed={(codes) =>
                  setEnabled({ codes, next: paths.profile, done: 'New recovery codes were made.' })
                }
              />
            </Card>
          )}
        </>
      )}
    </Page>
  );
}
