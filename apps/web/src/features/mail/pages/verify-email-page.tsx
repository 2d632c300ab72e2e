import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { tokenFromHash, useConfirmVerification } from '../api/mail';

/** /verify-email#token=...: the link of a confirmation mail; a click confirms, once. */
export function VerifyEmailPage() {
  const t = useT();
  const confirm = useConfirmVerification();
  const token = tokenFromHash(window.location.hash);
  return (
    <Page title={t('mail.verify.title')} lead={t('mail.verify.lead')}>
      {confirm.isSuccess ? (
        <>
          <Alert tone="success">{confirm.data.detail}</Alert>
          <LinkButton to={paths.emailAlerts} className="mt-6">
            {t('mail.verify.yourAlerts')}
          </LinkButton>
        </>
      ) : (
        <>
          {!token && <Alert tone="error">{t('mail.verify.incomplete')}</Alert>}
          {confirm.isError && (
            <Alert tone="error">{serverDetail(confirm.error) ?? t('mail.verify.failed')}</Alert>
          )}
          <Button
            type="button"
            className="mt-6"
            disabled={!token}
            isBusy={confirm.isPending}
            busyLabel={t('mail.verify.confirming')}
            onClick={() => confirm.mutate(token)}
          >
            {t('mail.verify.submit')}
          </Button>
        </>
      )}
    </Page>
  );
}
