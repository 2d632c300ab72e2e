import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { useT } from '@/lib/i18n';

/**
 * The ten recovery codes, shown this once, right after enrolment or after new ones were made.
 * `done`: what just happened, when it is not that two-factor authentication was turned on.
 */
export function RecoveryCodes({
  codes,
  next,
  done,
}: {
  codes: string[];
  next: string;
  done?: string;
}) {
  const t = useT();
  return (
    <Card aria-labelledby="recovery-codes-heading" role="region">
      <Alert tone="success">{done ?? t('two-factor.recovery.on')}</Alert>
      <h2 id="recovery-codes-heading" className="mt-4 text-lg font-semibold text-brand-900">
        {t('two-factor.recovery.heading')}
      </h2>
      <p className="mt-2 text-ink">{t('two-factor.recovery.explanation')}</p>
      <ol
        className="mt-4 grid grid-cols-2 gap-2 font-mono text-ink"
        aria-label={t('two-factor.recovery.listLabel')}
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-slate-100 px-3 py-2">
            {code}
          </li>
        ))}
      </ol>
      <LinkButton to={next} className="mt-6">
        {t('two-factor.recovery.saved')}
      </LinkButton>
    </Card>
  );
}
