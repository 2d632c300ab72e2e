import { DEFAULT_RETENTION_DAYS } from '@candor/contract/labels';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { ProseSection } from '../components/prose-section';

/** As administrators' screens show them (the page's test holds them to the contract's). */
const ANONYMOUS_REPORTER_NAME = 'Anonymous reporter';
const NO_ACCOUNT_TAG = 'No account';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy" lead="What Candor keeps about you, and what it never keeps.">
      <ProseSection title="What we store">
        <p>
          An account: a username, a password hash (argon2id), and optionally your name and email. A
          report: title, category, status, an encrypted description, and encrypted evidence files.
          Messages and notifications are encrypted too. A report sent without an account has no
          account behind it at all; only hashes of its receipt are kept.
        </p>
      </ProseSection>
      <ProseSection title="Anonymous reports">
        <p>
          An anonymous report made with an account is linked to it only through a keyed fingerprint
          that the server can check when you sign in. Nobody reading the database, and no
          administrator, can see who wrote it. Administrators see “{ANONYMOUS_REPORTER_NAME}”, and a
          report sent without an account is also tagged “{NO_ACCOUNT_TAG}”. Administrators’ replies
          reach you signed “Administrator”, without their names.
        </p>
      </ProseSection>
      <ProseSection title="What we never keep">
        <p>
          We do not record IP addresses or device details when you report or send a message, and we
          do not use analytics, advertising or tracking of any kind. Location and camera details are
          removed from photos and videos before they are stored. This is about Candor’s server: it
          cannot hide your visit from a network that watches it.
        </p>
      </ProseSection>
      <ProseSection title="How long reports are kept">
        <p>
          A closed report (resolved, rejected or cancelled) is deleted for good, with its messages,
          its files and its receipt, {DEFAULT_RETENTION_DAYS} days after it closed, unless the
          people running this Candor set another period or the organisation it went to set a shorter
          one. The report’s page shows the day it will be deleted.
        </p>
      </ProseSection>
      <ProseSection title="Your choices">
        <p>
          With an account, you can delete a report you made at any time before it is resolved; its
          evidence and messages are deleted with it. You can change your username and email on your
          profile. A report sent without an account cannot be deleted, because nothing proves it is
          yours but the receipt: with the receipt, at Track a report, you can cancel it, and it is
          then deleted like any closed report.
        </p>
      </ProseSection>
      <ProseSection title="Who is responsible">
        <p>
          Whoever runs this Candor site is responsible for the data it holds. A report sent to an
          organisation is read and handled by that organisation’s administrators, who are
          responsible for what they do with it; a report sent to Candor’s administrators, by them.
          Questions about your data go through the{' '}
          <Link
            to={paths.contact}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            Contact page
          </Link>
          .
        </p>
      </ProseSection>
    </Page>
  );
}
