import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

/**
 * Reporters cannot get a reset email, on purpose; `children`: what staff can do (a reset link
 * to their confirmed address), composed by the app's route.
 */
export function ForgotPasswordPage({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <Page title={t('accounts.forgot.title')} lead={t('accounts.forgot.lead')}>
      <div className="space-y-4 text-muted">
        <p>{t('accounts.forgot.why')}</p>
        <p>{t('accounts.forgot.whatToDo')}</p>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <LinkButton to={paths.contact}>{t('accounts.forgot.contact')}</LinkButton>
        <LinkButton to={paths.register} variant="secondary">
          {t('accounts.forgot.newAccount')}
        </LinkButton>
        <LinkButton to={paths.login} variant="ghost">
          {t('accounts.forgot.backToSignIn')}
        </LinkButton>
      </div>
      {children && (
        <section aria-labelledby="staff-reset-heading" className="mt-10">
          <h2 id="staff-reset-heading" className="text-lg font-semibold text-brand-900">
            {t('accounts.forgot.staffHeading')}
          </h2>
          <p className="mt-2 mb-4 text-muted">{t('accounts.forgot.staffExplanation')}</p>
          {children}
        </section>
      )}
    </Page>
  );
}
