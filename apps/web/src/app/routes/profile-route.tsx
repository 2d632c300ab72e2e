import { ProfilePage } from '@/features/accounts/pages/profile-page';
import { TagManager } from '@/features/admin/components/tag-manager';
import { IntakeLinkCard } from '@/features/intake/components/intake-link-card';
import { MailCard } from '@/features/mail/components/mail-card';
import { OrganizationCard } from '@/features/organizations/components/organization-card';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';

/**
 * /profile: the account, the organisation it belongs to, its reporting link and report tags for
 * its admins, and the second factor for staff.
 */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <OrganizationCard />
      <IntakeLinkCard />
      <TagManager />
      <TwoFactorCard />
      <MailCard />
    </ProfilePage>
  );
}
