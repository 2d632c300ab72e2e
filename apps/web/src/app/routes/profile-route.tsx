import { ProfilePage } from '@/features/accounts/pages/profile-page';
import { IntakeLinkCard } from '@/features/intake/components/intake-link-card';
import { OrganizationCard } from '@/features/organizations/components/organization-card';

/** /profile: the account, the organisation it belongs to, and its reporting link for its admin. */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <OrganizationCard />
      <IntakeLinkCard />
    </ProfilePage>
  );
}
