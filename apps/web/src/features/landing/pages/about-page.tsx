import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { OurWhyContent } from '../components/our-why';

/** What Candor does to protect the people who speak up, one point each. */
const protections = [
  'landing.about.protect.anonymous',
  'landing.about.protect.encrypted',
  'landing.about.protect.noTracking',
  'landing.about.protect.evidence',
  'landing.about.protect.audit',
];

export function AboutPage() {
  const t = useT();
  return (
    <Page title={t('landing.about.title')} lead={t('landing.about.lead')} width="wide">
      {/* Its three points are h3s, as under the landing page's "Our Why" (heading order). */}
      <h2 className="sr-only">{t('landing.why.title')}</h2>
      <OurWhyContent />
      <div className="mt-12 max-w-3xl space-y-4 text-ink">
        <h2 className="text-2xl font-semibold text-brand-900">
          {t('landing.about.protect.title')}
        </h2>
        <ul className="list-disc space-y-2 ps-6 text-muted">
          {protections.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <LinkButton to={paths.submitReport} variant="accent">
          {t('landing.about.submitReport')}
        </LinkButton>
        <LinkButton to={paths.becomeAdmin} variant="secondary">
          {t('landing.about.becomeAdmin')}
        </LinkButton>
      </div>
    </Page>
  );
}
