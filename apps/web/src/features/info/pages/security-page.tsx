import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { ProseSection } from '../components/prose-section';

export function SecurityPage() {
  return (
    <Page title="Security" lead="How Candor protects reports and the people who make them.">
      <ProseSection title="Encryption">
        <p>
          Report descriptions, messages, notifications and evidence files are encrypted at rest with
          AES-256-GCM, each with its own key, wrapped by master keys kept out of the database.
        </p>
      </ProseSection>
      <ProseSection title="Accounts">
        <p>
          Passwords are hashed with argon2id. Sessions use short-lived tokens that are renewed in
          the background; a stolen renewal token is detected and the whole session is ended. Sign-in
          attempts are rate limited.
        </p>
      </ProseSection>
      <ProseSection title="Evidence files">
        <p>
          Files are checked by their content, not their name: only images and videos are accepted.
          Images are re-encoded and videos cleaned so no location, device or author details remain.
          Files are only reachable through links that expire after a few minutes.
        </p>
      </ProseSection>
      <ProseSection title="Reporting a vulnerability">
        <p>
          If you find a security problem, please tell us through the{' '}
          <Link
            to={paths.contact}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            Contact page
          </Link>{' '}
          before disclosing it publicly. We will answer quickly and credit you if you wish.
        </p>
      </ProseSection>
    </Page>
  );
}
