import { Mail } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useMailSettings } from '../api/mail';

/** On the profile, for staff: where alerts go, and a way to their settings. */
export function MailCard() {
  const t = useT();
  const settings = useMailSettings();
  if (!settings.data) return null;
  const { is_mail_on: isOn, is_verified: isVerified, pgp_fingerprint: fingerprint } = settings.data;
  return (
    <Card aria-labelledby="mail-heading" role="region" className="mt-6">
      <h2 id="mail-heading" className="text-lg font-semibold text-brand-900">
        {t('mail.common.title')}
      </h2>
      <p className="mt-2 text-ink">
        {!isOn
          ? t('mail.card.noMail')
          : isVerified
            ? fingerprint
              ? t('mail.card.onEncrypted')
              : t('mail.card.on')
            : t('mail.card.offUntilConfirmed')}
      </p>
      <LinkButton to={paths.emailAlerts} variant="secondary" className="mt-4">
        <Mail aria-hidden="true" className="size-4" />
        {t('mail.card.manage')}
      </LinkButton>
    </Card>
  );
}
