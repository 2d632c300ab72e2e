import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { tokenStorage } from '@/lib/auth/token-storage';
import { useProfile } from '../api/get-profile';
import { HandlerLabelCard } from '../components/handler-label-card';
import { ChangePasswordCard, DeleteAccountCard, MyDataCard } from '../components/own-account-cards';

/** As in the original product: role and tier capitalised, N/A when missing. */
export function capitalise(value: string | null | undefined): string {
  if (!value) return 'N/A';
  return value.charAt(0).toUpperCase() + value.slice(1);
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
  const hasToken = Boolean(tokenStorage.getAccess());
  const profile = useProfile();

  if (!hasToken) {
    return (
      <Page title="Your Profile" width="narrow">
        <Alert tone="error">No access token found. Please log in.</Alert>
      </Page>
    );
  }

  return (
    <Page
      title="Your Profile"
      actions={
        profile.data && (
          <LinkButton to={paths.editProfile} variant="secondary">
            <Pencil aria-hidden="true" className="size-4" />
            Edit Profile
          </LinkButton>
        )
      }
    >
      {profile.isPending && <LoadingState label="Loading profile..." />}
      {profile.isError && (
        <Alert tone="error">Could not load profile data. Please try again later.</Alert>
      )}
      {profile.data && (
        <Card>
          <dl className="divide-y divide-slate-200">
            <Row label="Username" value={profile.data.username} />
            <Row label="Email" value={profile.data.email || 'N/A'} />
            <Row label="Role" value={capitalise(profile.data.role)} />
            <Row label="Tier" value={capitalise(profile.data.plan)} />
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
