import type { AccessClaims, LoginInput, TokenPair } from '@candor/contract/accounts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import type { LoginState } from '@/lib/auth/login-state';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { Link, useLocation } from '@/lib/router';
import { isCancelled, stoppedWaiting, useCancellable } from '@/lib/still-trying';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { TwoFactorStep } from '../components/two-factor-step';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadLoginSchema = () =>
  import('@candor/contract/accounts').then((contract) => contract.loginInputSchema);

/** As in the original product: redirect 1.5 s after logging in. */
const REDIRECT_DELAY_MS = 1500;

/**
 * As in the original product: superuser -> superuser dashboard; admin -> admin dashboard; others -> /.
 * Staff who must set up a second factor first go there (docs/operating.md "Second factor").
 */
export function destinationAfterLogin(
  claims: Pick<AccessClaims, 'role' | 'is_superuser' | 'two_factor'> | null,
  from?: string,
): string {
  if (claims?.two_factor === 'enrolment_required') return paths.twoFactor;
  if (from && from !== paths.login) return from;
  if (claims?.is_superuser) return paths.superuserDashboard;
  if (claims?.role === 'admin') return paths.adminDashboard;
  return paths.home;
}

const loginForm = { username: '', password: '' };

export function LoginPage() {
  const t = useT();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const { signIn } = useAuth();
  const loginMutation = useLogin();
  const request = useCancellable();
  const navigateLater = useDelayedNavigate();
  // Set when the account has a second factor: the code is asked next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const { field, message, setMessage, onSubmit, errorSummary } = useContractForm(loadLoginSchema, {
    defaultValues: loginForm,
    toInput: (values: typeof loginForm) => ({ ...values, username: values.username.trim() }),
    requiredMessages: {
      username: t('accounts.form.usernameRequired'),
      password: t('accounts.form.passwordRequired'),
    },
  });

  const finish = (tokens: TokenPair) => {
    const claims = signIn(tokens);
    navigateLater(destinationAfterLogin(claims, state.from), REDIRECT_DELAY_MS);
  };

  const logIn = (input: LoginInput) =>
    loginMutation.mutate(
      { ...input, signal: request.start() },
      {
        onSuccess: (answer) => {
          if ('challenge' in answer) {
            setChallenge(answer.challenge);
            return;
          }
          setMessage({ tone: 'success', text: t('accounts.login.success') });
          finish(answer);
        },
        onError: (error) => {
          if (isCancelled(error)) setMessage({ tone: 'error', text: stoppedWaiting() });
          else if (error instanceof ApiError && error.status === 0) {
            setMessage({ tone: 'error', text: t('accounts.login.unreached') });
          } else setMessage({ tone: 'error', text: t('accounts.login.failed') });
        },
      },
    );

  if (challenge) return <TwoFactorStep challenge={challenge} onSignedIn={finish} />;

  return (
    <AuthCard
      title={t('accounts.login.title')}
      lead={t('accounts.login.lead')}
      notice={
        state.reason && (
          <Alert tone="info" className="mb-4">
            {state.reason}
          </Alert>
        )
      }
      onSubmit={onSubmit(logIn)}
      message={message}
      errorSummary={errorSummary({
        username: t('accounts.form.username'),
        password: t('accounts.form.password'),
      })}
      submit={{ label: t('accounts.login.submit'), busyLabel: t('accounts.login.busy') }}
      request={loginMutation}
      onStopWaiting={request.cancel}
      // Creating an account on the way keeps where the visitor was going.
      other={{
        question: t('accounts.login.newQuestion'),
        to: paths.register,
        label: t('accounts.login.createAccount'),
        state: state.from ? state : undefined,
      }}
    >
      <TextField
        label={t('accounts.form.username')}
        required
        autoComplete="username"
        {...field('username')}
      />
      <PasswordField label={t('accounts.form.password')} {...field('password')} />
      <div className="text-end text-sm">
        <Link
          to={paths.forgotPassword}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4"
        >
          {t('accounts.login.forgot')}
        </Link>
      </div>
    </AuthCard>
  );
}
