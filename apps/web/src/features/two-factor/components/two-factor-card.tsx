import { ShieldCheck } from 'lucide-react';
import { SummaryCard } from '@/components/ui/summary-card';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useTwoFactorStatus } from '../api/get-two-factor-status';

/** On the profile, for administrators and the superuser: whether the second factor is on. */
export function TwoFactorCard() {
  const t = useT();
  const status = useTwoFactorStatus();
  if (!status.data?.is_staff) return null;
  const { is_enabled: isEnabled, is_required: isRequired } = status.data;
  return (
    <SummaryCard
      headingId="two-factor-heading"
      title={t('two-factor.common.title')}
      status={
        isEnabled
          ? t('two-factor.card.on')
          : isRequired
            ? t('two-factor.card.offRequired')
            : t('two-factor.card.off')
      }
      to={paths.twoFactor}
      icon={<ShieldCheck aria-hidden="true" className="size-4" />}
      action={isEnabled ? t('two-factor.card.manage') : t('two-factor.card.setUp')}
    />
  );
}
