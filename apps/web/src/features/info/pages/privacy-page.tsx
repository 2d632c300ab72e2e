import { Page } from '@/components/ui/page';
import { ProseSection } from '../components/prose-section';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy" lead="What Candor keeps about you, and what it never keeps.">
      <ProseSection title="What we store">
        <p>
          Your account: a username, a password hash (argon2id), and optionally your name and email.
          Your reports: title, category, status, an encrypted description, and encrypted evidence
          files. Messages and notifications are encrypted too.
        </p>
      </ProseSection>
      <ProseSection title="Anonymous reports">
        <p>
          An anonymous report is linked to your account only through a keyed fingerprint that the
          server can check when you sign in. Nobody reading the database, and no administrator, can
          see who wrote it. Administrators see “Anonymous reporter”.
        </p>
      </ProseSection>
      <ProseSection title="What we never keep">
        <p>
          We do not record IP addresses or device details when you report or send a message, and we
          do not use analytics, advertising or tracking of any kind. Location and camera details are
          removed from photos and videos before they are stored.
        </p>
      </ProseSection>
      <ProseSection title="Your choices">
        <p>
          You can delete a report you made at any time before it is resolved; its evidence and
          messages are deleted with it. You can change your username and email on your profile.
        </p>
      </ProseSection>
    </Page>
  );
}
