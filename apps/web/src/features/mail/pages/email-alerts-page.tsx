import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { serverDetail } from '@/lib/error-messages';
import { useMailSettings, useRequestVerification } from '../api/mail';
import { PgpKeyForm } from '../components/pgp-key-form';
import { PreferencesForm } from '../components/preferences-form';

/** /email-alerts: where a staff member's alerts go, encrypted or not, and which ones. */
export function EmailAlertsPage() {
  const settings = useMailSettings();
  const verify = useRequestVerification();
  return (
    <Page
      title="Email alerts"
      lead="Alerts tell you that something is waiting, with its reference and a link to sign in: never the report itself. Every alert has the same subject."
    >
      {settings.isPending && <LoadingState label="Loading..." />}
      {settings.isError && (
        <Alert tone="info">
          {serverDetail(settings.error) ?? 'Could not load your email settings. Please try again.'}
        </Alert>
      )}
      {settings.data && !settings.data.is_mail_on && (
        <Alert tone="info">
          This server sends no email: alerts stay in the app, under the bell.
        </Alert>
      )}
      {settings.data?.is_mail_on && (
        <div className="space-y-6">
          <Card aria-labelledby="address-heading" role="region">
            <h2 id="address-heading" className="text-lg font-semibold text-brand-900">
              Your address
            </h2>
            <p className="mt-2 text-ink">
              {settings.data.email
                ? `${settings.data.email}: ${settings.data.is_verified ? 'confirmed, alerts come here.' : 'not confirmed yet, so no alert is sent to it.'}`
                : 'Add an email address to your profile first.'}
            </p>
            {settings.data.email && !settings.data.is_verified && (
              <Button
                type="button"
                className="mt-4"
                isBusy={verify.isPending}
                busyLabel="Sending..."
                onClick={() => verify.mutate()}
              >
                Send a confirmation link
              </Button>
            )}
            {verify.isSuccess && (
              <Alert tone="success" className="mt-4">
                {verify.data.detail}
              </Alert>
            )}
            {verify.isError && (
              <Alert tone="error" className="mt-4">
                {serverDetail(verify.error) ?? 'Could not send the link. Please try again.'}
              </Alert>
            )}
          </Card>
          <Card aria-labelledby="pgp-heading" role="region">
            <h2 id="pgp-heading" className="mb-3 text-lg font-semibold text-brand-900">
              Encryption (OpenPGP)
            </h2>
            <PgpKeyForm fingerprint={settings.data.pgp_fingerprint} />
          </Card>
          <Card aria-labelledby="choices-heading" role="region">
            <h2 id="choices-heading" className="mb-3 text-lg font-semibold text-brand-900">
              Which alerts, and when
            </h2>
            <PreferencesForm settings={settings.data} />
          </Card>
        </div>
      )}
    </Page>
  );
}
