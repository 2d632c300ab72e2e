import type { RegisterInput } from '@candor/contract/accounts';
import { PASSWORD_MIN } from '@candor/contract/labels';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import type { LoginState } from '@/lib/auth/login-state';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
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
  const t = useT();
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
      requiredMessages: {
        username: t('accounts.form.usernameRequired'),
        password: t('accounts.form.passwordRequired'),
      },
    },
  );

  const signInAndReturn = async (input: RegisterInput, to: string) => {
    setMessage({ tone: 'success', text: t('accounts.register.signingIn') });
    try {
      const answer = await login({ username: input.username, password: input.password });
      // A new account has no second factor; should one answer a challenge, the login page asks.
      if ('challenge' in answer) throw new Error('second factor needed');
      signIn(answer);
      setMessage({ tone: 'success', text: t('accounts.register.signedIn') });
      navigateLater(to, RETURN_DELAY_MS);
    } catch {
      setMessage({ tone: 'success', text: t('accounts.register.pleaseSignIn') });
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
        setMessage({ tone: 'success', text: t('accounts.register.redirecting') });
        navigateLater(paths.login, REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        showServerErrors(error);
        setMessage({ tone: 'error', text: registrationErrorMessage(error) });
      },
    });

  return (
    <AuthCard
      title={t('accounts.register.title')}
      lead={t('accounts.register.lead')}
      notice={
        goal.from === paths.submitReport && (
          <Alert tone="info" className="mb-4">
            {t('accounts.register.goalNotice')}
          </Alert>
        )
      }
      onSubmit={onSubmit(send)}
      message={message}
      errorSummary={errorSummary({
        first_name: t('accounts.register.firstName'),
        last_name: t('accounts.register.lastName'),
        username: t('accounts.form.username'),
        password: t('accounts.form.password'),
        claim_code: t('accounts.register.invitationCode'),
      })}
      submit={{ label: t('accounts.register.submit'), busyLabel: t('accounts.register.busy') }}
      request={registration}
      other={{
        question: t('accounts.register.haveAccount'),
        to: paths.login,
        label: t('accounts.register.signIn'),
        state: goal.from ? goal : undefined,
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('accounts.register.firstName')}
          isOptional
          autoComplete="given-name"
          {...field('first_name')}
        />
        <TextField
          label={t('accounts.register.lastName')}
          isOptional
          autoComplete="family-name"
          {...field('last_name')}
        />
      </div>
      <TextField
        label={t('accounts.form.username')}
        required
        autoComplete="username"
        hint={t('accounts.register.usernameHint')}
        {...field('username')}
      />
      <PasswordField
        label={t('accounts.form.password')}
        isNew
        hint={t('accounts.register.passwordHint', { min: PASSWORD_MIN })}
        {...field('password')}
      />
      <CheckboxField
        label={t('accounts.register.hasCode')}
        note={t('accounts.register.hasCodeNote')}
        checked={hasCode || Boolean(field('claim_code').error)}
        onChange={(event) => setHasCode(event.target.checked)}
      />
      {(hasCode || Boolean(field('claim_code').error)) && (
        <TextField
          label={t('accounts.register.invitationCode')}
          autoComplete="off"
          {...field('claim_code')}
        />
      )}
    </AuthCard>
  );
}
