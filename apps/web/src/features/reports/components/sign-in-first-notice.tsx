import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import type { LoginState } from '@/lib/auth/login-state';
import { Link } from '@/lib/router';

const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4';

/** Tells a visitor they may write now and will sign in (or sign up) before anything is sent. */
export function SignInFirstNotice() {
  const state: LoginState = { from: paths.submitReport };
  return (
    <div data-visitor-only="collapse">
      <Alert tone="info" className="mb-6">
        You are not signed in. You can write your report now: before it is sent you will{' '}
        <Link to={paths.login} state={state} className={linkClass}>
          sign in
        </Link>{' '}
        or{' '}
        <Link to={paths.register} state={state} className={linkClass}>
          create an account
        </Link>
        , and nothing you typed is lost on the way. Or{' '}
        <Link to={paths.reportWithoutAccount} className={linkClass}>
          report without an account
        </Link>
        : you get a receipt to follow your report with instead.
      </Alert>
    </div>
  );
}
