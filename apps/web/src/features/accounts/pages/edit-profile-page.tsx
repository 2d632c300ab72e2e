import { type Profile, updateProfileInputSchema } from '@candor/contract/accounts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { fieldErrors } from '@/lib/error-messages';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { validate } from '@/lib/validation';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/** Spec section 9: back to /profile 1.5 s after saving. */
const REDIRECT_DELAY_MS = 1500;
const SAVE_FAILED = 'Failed to update profile. Please check your input.';

/** Spec section 8: the failure text with the Username and Email field errors appended. */
export function saveFailureMessage(errors: Record<string, string>): string {
  const parts = [SAVE_FAILED];
  if (errors.username) parts.push(`Username: ${errors.username}`);
  if (errors.email) parts.push(`Email: ${errors.email}`);
  return parts.join(' ');
}

/** The form starts from the loaded profile; a later refetch leaves what is typed alone. */
function EditProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const navigateLater = useDelayedNavigate();
  const [values, setValues] = useState({ username: profile.username, email: profile.email ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const checked = validate(updateProfileInputSchema, values);
    if (checked.errors) {
      setErrors(checked.errors);
      setMessage({ tone: 'error', text: saveFailureMessage(checked.errors) });
      return;
    }
    setErrors({});
    update.mutate(values, {
      onSuccess: () => {
        setMessage({ tone: 'success', text: 'Profile updated successfully!' });
        navigateLater(paths.profile, REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        const problems = fieldErrors(error);
        setErrors(problems);
        setMessage({ tone: 'error', text: saveFailureMessage(problems) });
      },
    });
  };

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Username"
          required
          autoComplete="username"
          value={values.username}
          onChange={(event) => setValues({ ...values, username: event.target.value })}
          error={errors.username}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={errors.email}
        />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={update.isPending || update.isSuccess}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
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
