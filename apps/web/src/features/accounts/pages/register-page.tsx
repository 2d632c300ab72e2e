import type { RegisterInput } from '@candor/contract/accounts';
import { PASSWORD_MIN } from '@candor/contract/labels';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import type { LoginState } from '@/lib/auth/login-state';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useLocation, useSearchParams } from '@/lib/router';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { login } from '../api/login';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { registrationErrorMessage } from '../registration-error';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadRegisterSchema = () =>
  import('@candor/contract/accounts').then((contract) => contract.registerInputSchema);

/** As in the original product: redirect to /login 2 s after registering. */
const REDIRECT_DELAY_MS = 2000;
/** Back to where a visitor was going: the login page's pause (as in the original product). */
const RETURN_DELAY_MS = 1500;

const registerForm = { first_name: '', last_name: '', username: '', password: '', claim_code: '' };

/** What the form sends: no email (the form has no input for it, as in the original product). */
function toInput({ claim_code, ...values }: typeof registerForm): RegisterInput {
  const code = claim_code.trim();
  return {
    ...values,
    username: values.username.trim(),
    email: '',
    ...(code ? { claim_code: code } : {}),
  };
}

/**
 * /register. A plain visit does what the spec says: a green message, then /login after 2 s. A
 * visitor sent here on the way somewhere (to send a report) is signed in with the account just
 * created and taken back there, so the goal is not lost to a second sign-in.
 */
export function RegisterPage() {
  const registration = useRegister();
  const { signIn } = useAuth();
  const navigateLater = useDelayedNavigate();
  const [searchParams] = useSearchParams();
  const goal = (useLocation().state ?? {}) as LoginState;
  // Only applicants for admin access have a code: the field waits behind its own choice.
  const [hasCode, setHasCode] = useState(() => Boolean(searchParams.get('code')));
  const { field, message, setMessage, onSubmit, showServerErrors, errorSummary } = useContractForm(
    loadRegisterSchema,
    {
      // The invitation code of an applicant for admin access (docs/api.md "Becoming an administrator").
      defaultValues: { ...registerForm, claim_code: searchParams.get('code') ?? '' },
      toInput,
      requiredMessages: { username: 'Username is required.', password: 'Password is required.' },
    },
  );

  const signInAndReturn = async (input: RegisterInput, to: string) => {
    setMessage({ tone: 'success', text: 'Registration successful! Signing you in...' });
    try {
      const answer = await login({ username: input.username, password: input.password });
      // A new account has no second factor; should one answer a challenge, the login page asks.
      if ('challenge' in answer) throw new Error('second factor needed');
      signIn(answer);
      setMessage({ tone: 'success', text: 'Registration successful! You are signed in.' });
      navigateLater(to, RETURN_DELAY_MS);
    } catch {
      setMessage({ tone: 'success', text: 'Registration successful! Please sign in.' });
      navigateLater(paths.login, RETURN_DELAY_MS, { state: goal });
    }
  };

  const send = (input: RegisterInput) =>
    registration.mutate(input, {
      onSuccess: () => {
        if (goal.from) {
          void signInAndReturn(input, goal.from);
          return;
        }
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
      notice={
        goal.from === paths.submitReport && (
          <Alert tone="info" className="mb-4">
            Once your account is created you are signed in and back on your report, with everything
            you typed.
          </Alert>
        )
      }
      onSubmit={onSubmit(send)}
      message={message}
      errorSummary={errorSummary({
        first_name: 'First name',
        last_name: 'Last name',
        username: 'Username',
        password: 'Password',
        claim_code: 'Invitation code',
      })}
      submit={{ label: 'Create Account', busyLabel: 'Creating Account...' }}
      request={registration}
      other={{
        question: 'Already have an account?',
        to: paths.login,
        label: 'Sign In',
        state: goal.from ? goal : undefined,
      }}
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
        hint={`At least ${PASSWORD_MIN} characters, not only numbers, and different from your username. This form asks for no email address, so a forgotten password cannot be reset: keep it somewhere safe.`}
        {...field('password')}
      />
      <CheckboxField
        label="I have an invitation code"
        note="Only if you applied to become an admin without an account and were given a code."
        checked={hasCode || Boolean(field('claim_code').error)}
        onChange={(event) => setHasCode(event.target.checked)}
      />
      {(hasCode || Boolean(field('claim_code').error)) && (
        <TextField label="Invitation code" autoComplete="off" {...field('claim_code')} />
      )}
    </AuthCard>
  );
}
