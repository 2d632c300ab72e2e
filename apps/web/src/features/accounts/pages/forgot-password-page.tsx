import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

/**
 * Reporters cannot get a reset email, on purpose; `children`: what staff can do (a reset link
 * to their confirmed address), composed by the app's route.
 */
export function ForgotPasswordPage({ children }: { children?: ReactNode }) {
  return (
    <Page
      title="Forgot your password?"
      lead="Candor cannot email you a reset link, and that is on purpose."
    >
      <div className="space-y-4 text-muted">
        <p>
          To protect people who report anonymously, an account does not need an email address, and
          we never send messages that could reveal that you use Candor.
        </p>
        <p>
          If you added an email address to your profile, contact support from that address and we
          will help you regain access after checking it is really you. Otherwise the account cannot
          be recovered: create a new one. Your old reports stay with the administrators reviewing
          them.
        </p>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <LinkButton to={paths.contact}>Contact support</LinkButton>
        <LinkButton to={paths.register} variant="secondary">
          Create a new account
        </LinkButton>
        <LinkButton to={paths.login} variant="ghost">
          Back to sign in
        </LinkButton>
      </div>
      {children && (
        <section aria-labelledby="staff-reset-heading" className="mt-10">
          <h2 id="staff-reset-heading" className="text-lg font-semibold text-brand-900">
            Administrators and the superuser
          </h2>
          <p className="mt-2 mb-4 text-muted">
            If you are staff and confirmed your email address for alerts, we can email you a link to
            choose a new password. It works once, for 15 minutes, and ends every login; your second
            factor stays.
          </p>
          {children}
        </section>
      )}
    </Page>
  );
}
