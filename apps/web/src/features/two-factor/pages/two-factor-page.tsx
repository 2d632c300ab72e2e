import type { TwoFactorEnabled } from '@candor/contract/two-factor';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { T, useT } from '@/lib/i18n';
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
  const t = useT();
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
    <Page title={t('two-factor.common.title')} lead={t('two-factor.page.lead')}>
      {enabled ? (
        <RecoveryCodes codes={enabled.codes} next={enabled.next} done={enabled.done} />
      ) : (
        <>
          {status.isPending && <LoadingState label={t('two-factor.common.loading')} />}
          {status.isError && <Alert tone="error">{t('two-factor.page.loadFailed')}</Alert>}
          {status.data && !status.data.is_staff && (
            <Alert tone="info">{t('two-factor.page.forAdministrators')}</Alert>
          )}
          {status.data?.is_staff && !status.data.is_enabled && (
            <>
              {status.data.is_required && (
                <Alert tone="info" className="mb-4">
                  {t('two-factor.page.required')}
                </Alert>
              )}
              <EnrolmentForm onEnabled={onEnabled} />
            </>
          )}
          {status.data?.is_staff && status.data.is_enabled && (
            <Card>
              <p className="text-ink">
                <T
                  id="two-factor.page.codesLeft"
                  values={{ count: status.data.recovery_codes_left }}
                  components={[<strong key="count" />]}
                />
              </p>
              {status.data.is_required ? (
                <p className="mt-2 text-sm text-muted">{t('two-factor.page.cannotTurnOff')}</p>
              ) : (
                <DisableForm />
              )}
              <RenewCodesForm
                onRenewed={(codes) =>
                  setEnabled({ codes, next: paths.profile, done: t('two-factor.page.renewed') })
                }
              />
            </Card>
          )}
        </>
      )}
    </Page>
  );
}
