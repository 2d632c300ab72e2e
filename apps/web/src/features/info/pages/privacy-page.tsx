import { DEFAULT_RETENTION_DAYS } from '@candor/contract/labels';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { T, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';
import { ProseSection } from '../components/prose-section';

const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4';

/**
 * The names administrators' screens give an anonymous reporter and a report sent without an
 * account are written into the messages (the page's test holds the English to the contract's).
 */
export function PrivacyPage() {
  const t = useT();
  return (
    <Page title={t('info.privacy.title')} lead={t('info.privacy.lead')}>
      <ProseSection title={t('info.privacy.storeTitle')}>
        <p>{t('info.privacy.store')}</p>
      </ProseSection>
      <ProseSection title={t('info.privacy.anonymousTitle')}>
        <p>{t('info.privacy.anonymous')}</p>
      </ProseSection>
      <ProseSection title={t('info.privacy.neverTitle')}>
        <p>{t('info.privacy.never')}</p>
      </ProseSection>
      <ProseSection title={t('info.privacy.keptTitle')}>
        <p>{t('info.privacy.kept', { days: DEFAULT_RETENTION_DAYS })}</p>
      </ProseSection>
      <ProseSection title={t('info.privacy.choicesTitle')}>
        <p>{t('info.privacy.choices')}</p>
      </ProseSection>
      <ProseSection title={t('info.privacy.responsibleTitle')}>
        <p>
          <T
            id="info.privacy.responsible"
            components={[<Link key="contact" to={paths.contact} className={linkClass} />]}
          />
        </p>
      </ProseSection>
    </Page>
  );
}
