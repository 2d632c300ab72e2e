import { ProfilePage } from '@/features/accounts/pages/profile-page';
import { IntakeLinkCard } from '@/features/intake/components/intake-link-card';
import { MailCard } from '@/features/mail/components/mail-card';
import { OrganizationCard } from '@/features/organizations/components/organization-card';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';

/**
 * /profile: the account, the organisation it belongs to, its reporting link for its admin, and
 * the second factor for staff.
 */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <OrganizationCard />
      <IntakeLinkCard />
      <TwoFactorCard />
      <MailCard />
    </ProfilePage>
  );
}
