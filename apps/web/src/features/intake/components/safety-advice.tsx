import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { Link } from '@/lib/router';

/**
 * Short advice for staying safe while reporting, as SecureDrop and good hotlines give it, shown
 * before the form and with the receipt. It claims no more than is true: the server keeps nothing
 * about the device or network, but a network that watches its users still sees the visit.
 */
export function SafetyAdvice({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const t = useT();
  return (
    <section
      aria-labelledby="safety-advice"
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-ink"
    >
      <Heading id="safety-advice" className="font-semibold text-brand-900">
        {t('intake.safety.title')}
      </Heading>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        <li>{t('intake.safety.device')}</li>
        <li>{t('intake.safety.details')}</li>
        <li>{t('intake.safety.receipt')}</li>
      </ul>
      <p className="mt-2 text-muted">{t('intake.safety.network')}</p>
      {/* A line of its own: a 44 px target inside the sentence would open a gap in its lines. */}
      <Link
        to={`${paths.security}#staying-safe`}
        className="flex min-h-11 w-fit items-center font-semibold text-brand-800 underline"
      >
        {t('intake.safety.more')}
      </Link>
    </section>
  );
}
