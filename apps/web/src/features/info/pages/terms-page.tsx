import { Page } from '@/components/ui/page';
import { useT } from '@/lib/i18n';
import { ProseSection } from '../components/prose-section';

export function TermsPage() {
  const t = useT();
  return (
    <Page title={t('info.terms.title')} lead={t('info.terms.lead')}>
      <ProseSection title={t('info.terms.goodFaithTitle')}>
        <p>{t('info.terms.goodFaith')}</p>
      </ProseSection>
      <ProseSection title={t('info.terms.emergencyTitle')}>
        <p>{t('info.terms.emergency')}</p>
      </ProseSection>
      <ProseSection title={t('info.terms.administratorsTitle')}>
        <p>{t('info.terms.administrators')}</p>
      </ProseSection>
      <ProseSection title={t('info.terms.accountTitle')}>
        <p>{t('info.terms.account')}</p>
      </ProseSection>
    </Page>
  );
}
