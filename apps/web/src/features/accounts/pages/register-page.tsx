import { PASSWORD_MIN, passwordProblems } from '@candor/contract/accounts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { fieldErrors } from '@/lib/error-messages';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { registrationErrorMessage } from '../registration-error';

/** Spec section 9: redirect to /login 2 s after registering. */
const REDIRECT_DELAY_MS = 2000;

export function RegisterPage() {
  const registration = useRegister();
  const navigateLater = useDelayedNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState({
    first_name: '',
    last_name: '',
    username: '',
    password: '',
  });
  // The invitation code of an applicant for admin access (README "Becoming an administrator").
  const [claimCode, setClaimCode] = useState(searchParams.get('code') ?? '');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const serverErrors = fieldErrors(registration.error);
  const errorOf = (field: string) => clientErrors[field] ?? serverErrors[field];

  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!values.username.trim()) problems.username = 'Username is required.';
    if (!values.password) problems.password = 'Password is required.';
    else {
      const passwordIssues = passwordProblems(values.password, values.username.trim());
      if (passwordIssues.length > 0) problems.password = passwordIssues.join(' ');
    }
    setClientErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length > 0) return;
    // The form has no email input (spec section 3); the server accepts an empty one.
    const code = claimCode.trim();
    registration.mutate(
      {
        ...values,
        username: values.username.trim(),
        email: '',
        ...(code ? { claim_code: code } : {}),
      },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: 'Registration successful! Redirecting to login...' });
          navigateLater(paths.login, REDIRECT_DELAY_MS);
        },
        onError: (error) => setMessage({ tone: 'error', text: registrationErrorMessage(error) }),
      },
    );
  };

  return (
    <AuthCard
      title="Create your account"
      lead="An account lets you follow up on your reports. Your reports can still be anonymous."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            isOptional
            autoComplete="given-name"
            value={values.first_name}
            onChange={set('first_name')}
            error={errorOf('first_name')}
          />
          <TextField
            label="Last name"
            isOptional
            autoComplete="family-name"
            value={values.last_name}
            onChange={set('last_name')}
            error={errorOf('last_name')}
          />
        </div>
        <TextField
          label="Username"
          required
          autoComplete="username"
          hint="Letters, numbers and @ . + - _ only. It does not need to be your real name."
          value={values.username}
          onChange={set('username')}
          error={errorOf('username')}
        />
        <TextField
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters, not only numbers, and different from your username.`}
          value={values.password}
          onChange={set('password')}
          error={errorOf('password')}
        />
        <TextField
          label="Invitation code"
          isOptional
          autoComplete="off"
          hint="Only if you applied to become an admin without an account and were given a code."
          value={claimCode}
          onChange={(event) => setClaimCode(event.target.value)}
          error={errorOf('claim_code')}
        />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <Button
          type="submit"
          className="w-full"
          disabled={registration.isPending || registration.isSuccess}
        >
          {registration.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link
          to={paths.login}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
