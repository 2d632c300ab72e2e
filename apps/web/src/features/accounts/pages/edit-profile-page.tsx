import {
  type Profile,
  type UpdateProfileInput,
  updateProfileInputSchema,
} from '@candor/contract/accounts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { fieldErrors } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/** As in the original product: back to /profile 1.5 s after saving. */
const REDIRECT_DELAY_MS = 1500;
const SAVE_FAILED = 'Failed to update profile. Please check your input.';

/** As in the original product: the failure text with the Username and Email field errors appended. */
export function saveFailureMessage(errors: { username?: string; email?: string }): string {
  const parts = [SAVE_FAILED];
  if (errors.username) parts.push(`Username: ${errors.username}`);
  if (errors.email) parts.push(`Email: ${errors.email}`);
  return parts.join(' ');
}

/** The form starts from the loaded profile; a later refetch leaves what is typed alone. */
function EditProfileForm({ profile }: { profile: Profile }) {
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
        setMessage({ tone: 'success', text: 'Profile updated successfully!' });
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
        <TextField label="Username" required autoComplete="username" {...field('username')} />
        <TextField label="Email" type="email" required autoComplete="email" {...field('email')} />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            disabled={update.isSuccess}
            isBusy={update.isPending}
            busyLabel="Saving..."
          >
            Save Changes
          </Button>
          <LinkButton to={paths.profile} variant="ghost">
            Cancel
          </LinkButton>
        </div>
      </form>
    </Card>
  );
}

export function EditProfilePage() {
  const profile = useProfile();
  return (
    <Page title="Edit Profile" width="narrow">
      {profile.isPending && <LoadingState label="Loading profile..." />}
      {profile.isError && (
        <Alert tone="error">Could not load profile data for editing. Please try again.</Alert>
      )}
      {profile.data && <EditProfileForm profile={profile.data} />}
    </Page>
  );
}
