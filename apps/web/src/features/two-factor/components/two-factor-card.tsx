import { ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
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
    <Card aria-labelledby="two-factor-heading" role="region" className="mt-6">
      <h2 id="two-factor-heading" className="text-lg font-semibold text-brand-900">
        {t('two-factor.common.title')}
      </h2>
      <p className="mt-2 text-ink">
        {isEnabled
          ? t('two-factor.card.on')
          : isRequired
            ? t('two-factor.card.offRequired')
            : t('two-factor.card.off')}
      </p>
      <LinkButton to={paths.twoFactor} variant="secondary" className="mt-4">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {isEnabled ? t('two-factor.card.manage') : t('two-factor.card.setUp')}
      </LinkButton>
    </Card>
  );
}
