import {
  type Profile,
  type UpdateProfileInput,
  updateProfileInputSchema,
} from '@candor/contract/accounts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailField } from '@/components/ui/email-field';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { fieldErrors } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { t, useT } from '@/lib/i18n';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/** As in the original product: back to /profile 1.5 s after saving. */
const REDIRECT_DELAY_MS = 1500;

/** As in the original product: the failure text with the Username and Email field errors appended. */
export function saveFailureMessage(errors: { username?: string; email?: string }): string {
  const parts = [t('accounts.editProfile.failed')];
  if (errors.username) {
    parts.push(t('accounts.editProfile.usernameError', { error: errors.username }));
  }
  if (errors.email) parts.push(t('accounts.editProfile.emailError', { error: errors.email }));
  return parts.join(' ');
}

/** The form starts from the loaded profile; a later refetch leaves what is typed alone. */
function EditProfileForm({ profile }: { profile: Profile }) {
  const t = useT();
  const update = useUpdateProfile();
  const navigateLater = useDelayedNavigate();
  const { field, message, setMessage, onSubmit, showServerErrors } = useContractForm(
    updateProfileInputSchema,
    {
      defaultValues: { username: profile.username, email: profile.email ?? '' },
    },
  );

  const save = (input: UpdateProfileInput) =>
    update.mutate(input, {
      onSuccess: () => {
        setMessage({ tone: 'success', text: t('accounts.editProfile.saved') });
        navigateLater(paths.profile, REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        showServerErrors(error);
        setMessage({ tone: 'error', text: saveFailureMessage(fieldErrors(error)) });
      },
    });

  return (
    <Card>
      <form
        noValidate
        onSubmit={onSubmit(save, (errors) =>
          setMessage({
            tone: 'error',
            text: saveFailureMessage({
              username: errors.username?.message,
              email: errors.email?.message,
            }),
          }),
        )}
        className="space-y-4"
      >
        <TextField
          label={t('accounts.form.username')}
          required
          autoComplete="username"
          {...field('username')}
        />
        <EmailField label={t('accounts.form.email')} {...field('email')} />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            disabled={update.isSuccess}
            isBusy={update.isPending}
            busyLabel={t('accounts.common.saving')}
          >
            {t('accounts.editProfile.save')}
          </Button>
          <LinkButton to={paths.profile} variant="ghost">
            {t('accounts.editProfile.cancel')}
          </LinkButton>
        </div>
      </form>
    </Card>
  );
}

export function EditProfilePage() {
  const t = useT();
  const profile = useProfile();
  return (
    <Page title={t('accounts.editProfile.title')} width="narrow">
      {profile.isPending && <LoadingState label={t('accounts.profile.loading')} />}
      {profile.isError && <Alert tone="error">{t('accounts.editProfile.loadFailed')}</Alert>}
      {profile.data && <EditProfileForm profile={profile.data} />}
    </Page>
  );
}
