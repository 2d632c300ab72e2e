import { Mail } from 'lucide-react';
import { SummaryCard } from '@/components/ui/summary-card';
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
    <SummaryCard
      headingId="mail-heading"
      title={t('mail.common.title')}
      status={
        !isOn
          ? t('mail.card.noMail')
          : isVerified
            ? fingerprint
              ? t('mail.card.onEncrypted')
              : t('mail.card.on')
            : t('mail.card.offUntilConfirmed')
      }
      to={paths.emailAlerts}
      icon={<Mail aria-hidden="true" className="size-4" />}
      action={t('mail.card.manage')}
    />
  );
}
