import { PASSWORD_MIN, type RegisterInput, registerInputSchema } from '@candor/contract/accounts';
import { useSearchParams } from 'react-router';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { registrationErrorMessage } from '../registration-error';

/** Spec section 9: redirect to /login 2 s after registering. */
const REDIRECT_DELAY_MS = 2000;

const registerForm = { first_name: '', last_name: '', username: '', password: '', claim_code: '' };

/** What the form sends: no email (the form has no input for it, spec section 3). */
function toInput({ claim_code, ...values }: typeof registerForm): RegisterInput {
  const code = claim_code.trim();
  return {
    ...values,
    username: values.username.trim(),
    email: '',
    ...(code ? { claim_code: code } : {}),
  };
}

export function RegisterPage() {
  const registration = useRegister();
  const navigateLater = useDelayedNavigate();
  const [searchParams] = useSearchParams();
  const { field, message, setMessage, onSubmit, showServerErrors } = useContractForm(
    registerInputSchema,
    {
      // The invitation code of an applicant for admin access (README "Becoming an administrator").
      defaultValues: { ...registerForm, claim_code: searchParams.get('code') ?? '' },
      toInput,
      requiredMessages: { username: 'Username is required.', password: 'Password is required.' },
    },
  );

  const send = (input: RegisterInput) =>
    registration.mutate(input, {
      onSuccess: () => {
        setMessage({ tone: 'success', text: 'Registration successful! Redirecting to login...' });
        navigateLater(paths.login, REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        showServerErrors(error);
        setMessage({ tone: 'error', text: registrationErrorMessage(error) });
      },
    });

  return (
    <AuthCard
      title="Create your account"
      lead="An account lets you follow up on your reports. Your reports can still be anonymous."
      onSubmit={onSubmit(send)}
      message={message}
      submit={{ label: 'Create Account', busyLabel: 'Creating Account...' }}
      request={registration}
      other={{ question: 'Already have an account?', to: paths.login, label: 'Sign In' }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          isOptional
          autoComplete="given-name"
          {...field('first_name')}
        />
        <TextField
          label="Last name"
          isOptional
          autoComplete="family-name"
          {...field('last_name')}
        />
      </div>
      <TextField
        label="Username"
        required
        autoComplete="username"
        hint="Letters, numbers and @ . + - _ only. It does not need to be your real name."
        {...field('username')}
      />
      <TextField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters, not only numbers, and different from your username.`}
        {...field('password')}
      />
      <TextField
        label="Invitation code"
        isOptional
        autoComplete="off"
        hint="Only if you applied to become an admin without an account and were given a code."
        {...field('claim_code')}
      />
    </AuthCard>
  );
}
