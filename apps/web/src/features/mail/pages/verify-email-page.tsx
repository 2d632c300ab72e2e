import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { serverDetail } from '@/lib/error-messages';
import { tokenFromHash, useConfirmVerification } from '../api/mail';

/** /verify-email#token=...: the link of a confirmation mail; a click confirms, once. */
export function VerifyEmailPage() {
  const confirm = useConfirmVerification();
  const token = tokenFromHash(window.location.hash);
  return (
    <Page title="Confirm your email address" lead="Alerts from Candor will come to this address.">
      {confirm.isSuccess ? (
        <>
          <Alert tone="success">{confirm.data.detail}</Alert>
          <LinkButton to={paths.emailAlerts} className="mt-6">
            Your email alerts
          </LinkButton>
        </>
      ) : (
        <>
          {!token && <Alert tone="error">This link is not complete. Open it from the email.</Alert>}
          {confirm.isError && (
            <Alert tone="error">
              {serverDetail(confirm.error) ?? 'Could not confirm the address. Please try again.'}
            </Alert>
          )}
          <Button
            type="button"
            className="mt-6"
            disabled={!token}
            isBusy={confirm.isPending}
            busyLabel="Confirming..."
            onClick={() => confirm.mutate(token)}
          >
            Confirm this address
          </Button>
        </>
      )}
    </Page>
  );
}
