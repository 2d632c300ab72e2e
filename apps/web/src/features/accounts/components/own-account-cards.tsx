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
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { fieldErrors, serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
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

/** The current password is required; every other login of the account ends. */
export function ChangePasswordCard() {
  const headingId = useId();
  const change = useChangePassword();
  const { signIn } = useAuth();
  const form = useContractForm(changePasswordInputSchema, {
    defaultValues: { current_password: '', new_password: '' },
  });
  const { field, message, setMessage, onSubmit, showServerErrors, reset } = form;

  const save = (input: ChangePasswordInput) =>
    change.mutate(input, {
      onSuccess: (tokens) => {
        signIn(tokens);
        reset({ current_password: '', new_password: '' });
        setMessage({
          tone: 'success',
          text: 'Password changed. Every other login of your account has ended.',
        });
      },
      onError: (error) => {
        showServerErrors(error);
        // Field errors show beside their field; anything else (a refusal, a failure) here.
        const detail = serverDetail(error);
        if (detail && Object.keys(fieldErrors(error)).length === 0) {
          setMessage({ tone: 'error', text: detail });
        }
      },
    });

  return (
    <Card role="region" aria-labelledby={headingId} className="mt-6">
      <CardHeading id={headingId}>Change password</CardHeading>
      <form noValidate onSubmit={onSubmit(save)} className="mt-4 space-y-4">
        <ErrorSummary
          {...form.errorSummary({
            current_password: 'Current password',
            new_password: 'New password',
          })}
        />
        <TextField
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          {...field('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          {...field('new_password')}
        />
        <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
        <Button type="submit" isBusy={change.isPending} busyLabel="Changing...">
          Change password
        </Button>
      </form>
    </Card>
  );
}

/** A JSON file of what the account holds, made when asked. */
export function MyDataCard() {
  const headingId = useId();
  const download = useDownloadMyData();
  return (
    <Card role="region" aria-labelledby={headingId} className="mt-6">
      <CardHeading id={headingId}>Download my data</CardHeading>
      <p className="mt-2 text-sm text-ink">
        A JSON file with your profile, the reports you filed with this account (anonymous ones
        included), their messages and your notifications. Only you can download it.
      </p>
      <div aria-live="polite" className="mt-3">
        {download.isError && (
          <Alert tone="error">
            {serverDetail(download.error) ?? 'Your data could not be prepared. Please try again.'}
          </Alert>
        )}
      </div>
      <Button
        className="mt-3"
        variant="secondary"
        isBusy={download.isPending}
        busyLabel="Preparing..."
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (blob) => saveBlob(blob, 'candor-my-data.json'),
          })
        }
      >
        Download my data
      </Button>
    </Card>
  );
}

/** Deleting the account, confirmed with the password in a dialog that says what stays. */
export function DeleteAccountCard() {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const form = useContractForm(deleteAccountInputSchema, { defaultValues: { password: '' } });
  const { field, message, setMessage, onSubmit, showServerErrors, reset } = form;

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
        navigate(paths.login, { replace: true, state: { reason: 'Your account was deleted.' } });
      },
      onError: (error) => {
        showServerErrors(error);
        // Field errors show beside their field; anything else (a refusal, a failure) here.
        const detail = serverDetail(error);
        if (detail && Object.keys(fieldErrors(error)).length === 0) {
          setMessage({ tone: 'error', text: detail });
        }
      },
    });

  return (
    <Card role="region" aria-labelledby={headingId} className="mt-6 border-red-200">
      <CardHeading id={headingId}>Delete my account</CardHeading>
      <p className="mt-2 text-sm text-ink">
        Your account, its logins and notifications are deleted. Reports you filed stay with the
        people handling them, without your account.
      </p>
      <Button className="mt-3" variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        title="Delete your account?"
        onCancel={close}
        isBusy={remove.isPending}
        className="w-[min(34rem,calc(100%-2rem))]"
      >
        <form noValidate onSubmit={onSubmit(confirm)} className="space-y-4">
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
            <li>Your account, its logins and notifications go, and cannot be brought back.</li>
            <li>
              Reports you filed with your name stay for their case, shown as filed by a deleted
              account.
            </li>
            <li>
              Anonymous reports you filed stay for their case too, and no account can reach them
              again, yours included. A receipt from reporting without an account still works at{' '}
              <Link to={paths.track} className="font-medium text-brand-800 underline">
                Track a report
              </Link>
              .
            </li>
          </ul>
          <ErrorSummary {...form.errorSummary({ password: 'Password' })} />
          <TextField
            label="Your password"
            type="password"
            required
            autoComplete="current-password"
            {...field('password')}
          />
          <div aria-live="polite">
            {message && <Alert tone={message.tone}>{message.text}</Alert>}
          </div>
          <div className="flex justify-end gap-3">
            <Button variant="ghost" autoFocus onClick={close} disabled={remove.isPending}>
              Keep my account
            </Button>
            <Button
              type="submit"
              variant="danger"
              isBusy={remove.isPending}
              busyLabel="Deleting..."
            >
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
