import { ProfilePage } from '@/features/accounts/pages/profile-page';
import { OrganizationCard } from '@/features/organizations/components/organization-card';

/** /profile: the account, and the organisation it belongs to. */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <OrganizationCard />
    </ProfilePage>
  );
}
