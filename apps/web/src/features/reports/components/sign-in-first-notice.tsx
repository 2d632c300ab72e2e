import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import type { LoginState } from '@/lib/auth/login-state';
import { T } from '@/lib/i18n';
import { Link } from '@/lib/router';

const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4';

/** Tells a visitor they may write now and will sign in (or sign up) before anything is sent. */
export function SignInFirstNotice() {
  const state: LoginState = { from: paths.submitReport };
  return (
    <div data-visitor-only="collapse">
      <Alert tone="info" className="mb-6">
        <T
          id="reports.signInFirst.notice"
          components={[
            <Link key="0" to={paths.login} state={state} className={linkClass} />,
            <Link key="1" to={paths.register} state={state} className={linkClass} />,
            <Link key="2" to={paths.reportWithoutAccount} className={linkClass} />,
          ]}
        />
      </Alert>
    </div>
  );
}
