import { Mail } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useMailSettings } from '../api/mail';

/** On the profile, for staff: where alerts go, and a way to their settings. */
export function MailCard() {
  const settings = useMailSettings();
  if (!settings.data) return null;
  const { is_mail_on: isOn, is_verified: isVerified, pgp_fingerprint: fingerprint } = settings.data;
  return (
    <Card aria-labelledby="mail-heading" role="region" className="mt-6">
      <h2 id="mail-heading" className="text-lg font-semibold text-brand-900">
        Email alerts
      </h2>
      <p className="mt-2 text-ink">
        {!isOn
          ? 'This server sends no email: alerts stay in the app.'
          : isVerified
            ? `On${fingerprint ? ', encrypted to your OpenPGP key' : ''}.`
            : 'Off until you confirm your email address.'}
      </p>
      <LinkButton to={paths.emailAlerts} variant="secondary" className="mt-4">
        <Mail aria-hidden="true" className="size-4" />
        Manage email alerts
      </LinkButton>
    </Card>
  );
}
