import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { ProseSection } from '../components/prose-section';

export function SecurityPage() {
  return (
    <Page title="Security" lead="How Candor protects reports and the people who make them.">
      <ProseSection title="Staying safe when you report" id="staying-safe">
        <p>
          Candor keeps nothing about your device or network with a report: no address, no browser
          details, no cookies for a report without an account. What Candor cannot do is hide your
          visit from whoever runs the network you use, or from someone who can look at your device.
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Use a personal device and network.</strong> A work computer or phone may be
            monitored, and an employer's Wi-Fi or VPN can log the sites visited from it. Your own
            phone on mobile data, or a home or public network, is safer. Tor Browser hides the visit
            from the network too.
          </li>
          <li>
            <strong>Think about what the details say.</strong> If you want to stay anonymous, leave
            out what only you could know: a conversation you alone had, a shift only you worked, a
            document only you received. Photos are cleaned of location and camera details, but not
            of what they show.
          </li>
          <li>
            <strong>Keep the receipt private.</strong> A report without an account has a 16-digit
            receipt, the only way back to it. Keep it where nobody else looks: not on a shared or
            work device, not in a shared notebook.
          </li>
          <li>
            <strong>Leave less behind.</strong> The reporting pages do not name the organisation in
            the browser tab, keep nothing you typed in the browser's storage, and "Leave quickly"
            (or Escape pressed twice) replaces the page with a weather page. A private window
            forgets the history when closed.
          </li>
        </ul>
      </ProseSection>
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
