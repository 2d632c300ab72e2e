import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { tokenStorage } from '@/lib/auth/token-storage';
import { t, useT } from '@/lib/i18n';
import { useProfile } from '../api/get-profile';
import { HandlerLabelCard } from '../components/handler-label-card';
import { ChangePasswordCard, DeleteAccountCard, MyDataCard } from '../components/own-account-cards';

/** As in the original product: role and tier capitalised, N/A when missing. */
export function capitalise(value: string | null | undefined): string {
  if (!value) return t('accounts.profile.notAvailable');
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The words for the roles and tiers the contract knows; another value is shown capitalised. */
const roleWords: Record<string, string> = {
  user: 'accounts.role.user',
  admin: 'accounts.role.admin',
};
const planWords: Record<string, string> = {
  free: 'accounts.plan.free',
  premium: 'accounts.plan.premium',
};

function wordOf(words: Record<string, string>, value: string | null | undefined): string {
  const id = value ? words[value] : undefined;
  return id ? t(id) : capitalise(value);
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-3">
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="col-span-2 text-ink">{value}</dd>
    </div>
  );
}

/** `children`: panels of other areas (the organisation), composed by the app's route. */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const t = useT();
  const hasToken = Boolean(tokenStorage.getAccess());
  const profile = useProfile();

  if (!hasToken) {
    return (
      <Page title={t('accounts.profile.title')} width="narrow">
        <Alert tone="error">{t('accounts.profile.noToken')}</Alert>
      </Page>
    );
  }

  return (
    <Page
      title={t('accounts.profile.title')}
      actions={
        profile.data && (
          <LinkButton to={paths.editProfile} variant="secondary">
            <Pencil aria-hidden="true" className="size-4" />
            {t('accounts.editProfile.title')}
          </LinkButton>
        )
      }
    >
      {profile.isPending && <LoadingState label={t('accounts.profile.loading')} />}
      {profile.isError && <Alert tone="error">{t('accounts.profile.loadFailed')}</Alert>}
      {profile.data && (
        <Card>
          <dl className="divide-y divide-slate-200">
            <Row label={t('accounts.form.username')} value={profile.data.username} />
            <Row
              label={t('accounts.form.email')}
              value={profile.data.email || t('accounts.profile.notAvailable')}
            />
            <Row label={t('accounts.profile.role')} value={wordOf(roleWords, profile.data.role)} />
            <Row label={t('accounts.profile.tier')} value={wordOf(planWords, profile.data.plan)} />
          </dl>
        </Card>
      )}
      {profile.data?.role === 'admin' && <HandlerLabelCard label={profile.data.handler_label} />}
      {profile.data && children}
      {profile.data && (
        <>
          <ChangePasswordCard />
          <MyDataCard />
          {!profile.data.is_superuser && <DeleteAccountCard />}
        </>
      )}
    </Page>
  );
}
