import {
  type ChangePasswordInput,
  changePasswordInputSchema,
  type DeleteAccountInput,
  deleteAccountInputSchema,
} from '@candor/contract/accounts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ErrorSummary } from '@/components/ui/error-summary';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { fieldErrors, serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { T, useT } from '@/lib/i18n';
import { Link, useNavigate } from '@/lib/router';
import { saveBlob } from '@/lib/save-download';
import { useChangePassword, useDeleteAccount, useDownloadMyData } from '../api/own-account';

function CardHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-lg font-semibold text-brand-900">
      {children}
    </h2>
  );
}

/**
 * A refused change of a card's form: field errors beside their field, anything else (a refusal,
 * a failure) in the card's message.
 */
function showErrorsOf(form: {
  showServerErrors: (error: unknown) => void;
  setMessage: (message: { tone: 'error'; text: string }) => void;
}) {
  return (error: unknown) => {
    form.showServerErrors(error);
    const detail = serverDetail(error);
    if (detail && Object.keys(fieldErrors(error)).length === 0) {
      form.setMessage({ tone: 'error', text: detail });
    }
  };
}

/** The current password is required; every other login of the account ends. */
export function ChangePasswordCard() {
  const t = useT();
  const headingId = useId();
  const change = useChangePassword();
  const { signIn } = useAuth();
  const form = useContractForm(changePasswordInputSchema, {
    defaultValues: { current_password: '', new_password: '' },
  });
  const { field, message, setMessage, onSubmit, reset } = form;

  const save = (input: ChangePasswordInput) =>
    change.mutate(input, {
      onSuccess: (tokens) => {
        signIn(tokens);
        reset({ current_password: '', new_password: '' });
        setMessage({
          tone: 'success',
          text: t('accounts.password.changed'),
        });
      },
      onError: showErrorsOf(form),
    });

  return (
    <Card role="region" aria-labelledby={headingId} className="mt-6">
      <CardHeading id={headingId}>{t('accounts.password.heading')}</CardHeading>
      <form noValidate onSubmit={onSubmit(save)} className="mt-4 space-y-4">
        <ErrorSummary
          {...form.errorSummary({
            current_password: t('accounts.password.current'),
            new_password: t('accounts.password.new'),
          })}
        />
        <PasswordField label={t('accounts.password.current')} {...field('current_password')} />
        <PasswordField label={t('accounts.password.new')} isNew {...field('new_password')} />
        <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
        <Button type="submit" isBusy={change.isPending} busyLabel={t('accounts.password.changing')}>
          {t('accounts.password.submit')}
        </Button>
      </form>
    </Card>
  );
}

/** A JSON file of what the account holds, made when asked. */
export function MyDataCard() {
  const t = useT();
  const headingId = useId();
  const download = useDownloadMyData();
  return (
    <Card role="region" aria-labelledby={headingId} className="mt-6">
      <CardHeading id={headingId}>{t('accounts.myData.heading')}</CardHeading>
      <p className="mt-2 text-sm text-ink">{t('accounts.myData.explanation')}</p>
      <div aria-live="polite" className="mt-3">
        {download.isError && (
          <Alert tone="error">{serverDetail(download.error) ?? t('accounts.myData.failed')}</Alert>
        )}
      </div>
      <Button
        className="mt-3"
        variant="secondary"
        isBusy={download.isPending}
        busyLabel={t('accounts.myData.preparing')}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (blob) => saveBlob(blob, 'candor-my-data.json'),
          })
        }
      >
        {t('accounts.myData.heading')}
      </Button>
    </Card>
  );
}

/** Deleting the account, confirmed with the password in a dialog that says what stays. */
export function DeleteAccountCard() {
  const t = useT();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const form = useContractForm(deleteAccountInputSchema, { defaultValues: { password: '' } });
  const { field, message, setMessage, onSubmit, reset } = form;

  const close = () => {
    if (remove.isPending) return;
    reset({ password: '' });
    setMessage(null);
    setOpen(false);
  };

  const confirm = (input: DeleteAccountInput) =>
    remove.mutate(input, {
      onSuccess: async () => {
        await signOut();
        navigate(paths.login, { replace: true, state: { reason: t('accounts.delete.done') } });
      },
      onError: showErrorsOf(form),
    });

  return (
    <Card role="region" aria-labelledby={headingId} className="mt-6 border-red-200">
      <CardHeading id={headingId}>{t('accounts.delete.heading')}</CardHeading>
      <p className="mt-2 text-sm text-ink">{t('accounts.delete.explanation')}</p>
      <Button className="mt-3" variant="danger" onClick={() => setOpen(true)}>
        {t('accounts.delete.heading')}
      </Button>
      <Dialog
        open={open}
        title={t('accounts.delete.question')}
        onCancel={close}
        isBusy={remove.isPending}
        className="w-[min(34rem,calc(100%-2rem))]"
      >
        <form noValidate onSubmit={onSubmit(confirm)} className="space-y-4">
          <ul className="list-disc space-y-1 ps-5 text-sm text-ink">
            <li>{t('accounts.delete.accountGoes')}</li>
            <li>{t('accounts.delete.namedReportsStay')}</li>
            <li>
              <T
                id="accounts.delete.anonymousReportsStay"
                components={[
                  <Link
                    key="track"
                    to={paths.track}
                    className="font-medium text-brand-800 underline"
                  />,
                ]}
              />
            </li>
          </ul>
          <ErrorSummary {...form.errorSummary({ password: t('accounts.form.password') })} />
          <PasswordField label={t('accounts.delete.yourPassword')} {...field('password')} />
          <div aria-live="polite">
            {message && <Alert tone={message.tone}>{message.text}</Alert>}
          </div>
          <div className="flex justify-end gap-3">
            <Button variant="ghost" autoFocus onClick={close} disabled={remove.isPending}>
              {t('accounts.delete.keep')}
            </Button>
            <Button
              type="submit"
              variant="danger"
              isBusy={remove.isPending}
              busyLabel={t('accounts.delete.deleting')}
            >
              {t('accounts.delete.heading')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
