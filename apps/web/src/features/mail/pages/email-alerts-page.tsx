import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useMailSettings, useRequestVerification } from '../api/mail';
import { PgpKeyForm } from '../components/pgp-key-form';
import { PreferencesForm } from '../components/preferences-form';

/** /email-alerts: where a staff member's alerts go, encrypted or not, and which ones. */
export function EmailAlertsPage() {
  const t = useT();
  const settings = useMailSettings();
  const verify = useRequestVerification();
  return (
    <Page title={t('mail.common.title')} lead={t('mail.page.lead')}>
      {settings.isPending && <LoadingState label={t('mail.page.loading')} />}
      {settings.isError && (
        <Alert tone="info">{serverDetail(settings.error) ?? t('mail.page.loadFailed')}</Alert>
      )}
      {settings.data && !settings.data.is_mail_on && (
        <Alert tone="info">{t('mail.page.noMail')}</Alert>
      )}
      {settings.data?.is_mail_on && (
        <div className="space-y-6">
          <Card aria-labelledby="address-heading" role="region">
            <h2 id="address-heading" className="text-lg font-semibold text-brand-900">
              {t('mail.page.addressHeading')}
            </h2>
            <p className="mt-2 text-ink">
              {settings.data.email
                ? t(settings.data.is_verified ? 'mail.page.confirmed' : 'mail.page.notConfirmed', {
                    email: settings.data.email,
                  })
                : t('mail.page.addEmailFirst')}
            </p>
            {settings.data.email && !settings.data.is_verified && (
              <Button
                type="button"
                className="mt-4"
                isBusy={verify.isPending}
                busyLabel={t('mail.common.sending')}
                onClick={() => verify.mutate()}
              >
                {t('mail.page.sendConfirmation')}
              </Button>
            )}
            {verify.isSuccess && (
              <Alert tone="success" className="mt-4">
                {verify.data.detail}
              </Alert>
            )}
            {verify.isError && (
              <Alert tone="error" className="mt-4">
                {serverDetail(verify.error) ?? t('mail.common.sendFailed')}
              </Alert>
            )}
          </Card>
          <Card aria-labelledby="pgp-heading" role="region">
            <h2 id="pgp-heading" className="mb-3 text-lg font-semibold text-brand-900">
              {t('mail.page.encryptionHeading')}
            </h2>
            <PgpKeyForm fingerprint={settings.data.pgp_fingerprint} />
          </Card>
          <Card aria-labelledby="choices-heading" role="region">
            <h2 id="choices-heading" className="mb-3 text-lg font-semibold text-brand-900">
              {t('mail.page.choicesHeading')}
            </h2>
            <PreferencesForm settings={settings.data} />
          </Card>
        </div>
      )}
    </Page>
  );
}
