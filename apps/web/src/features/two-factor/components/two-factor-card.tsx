import { ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useTwoFactorStatus } from '../api/get-two-factor-status';

/** On the profile, for administrators and the superuser: whether the second factor is on. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  if (!status.data?.is_staff) return null;
  const { is_enabled: isEnabled, is_required: isRequired } = status.data;
  return (
    <Card aria-labelledby="two-factor-heading" role="region" className="mt-6">
      <h2 id="two-factor-heading" className="text-lg font-semibold text-brand-900">
        Two-factor authentication
      </h2>
      <p className="mt-2 text-ink">
        {isEnabled
          ? 'On: signing in asks for a code from your authenticator app.'
          : 'Off: signing in asks only for your password.'}
        {!isEnabled && isRequired && ' This site requires it before you can act as staff.'}
      </p>
      <LinkButton to={paths.twoFactor} variant="secondary" className="mt-4">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {isEnabled ? 'Manage two-factor authentication' : 'Set up two-factor authentication'}
      </LinkButton>
    </Card>
  );
}
