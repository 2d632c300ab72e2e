import { Page } from '@/components/ui/page';
import { useT } from '@/lib/i18n';
import { ProseSection } from '../components/prose-section';

export function CookiesPage() {
  const t = useT();
  return (
    <Page title={t('info.cookies.title')} lead={t('info.cookies.lead')}>
      <ProseSection title={t('info.cookies.browserTitle')}>
        <p>{t('info.cookies.browser')}</p>
      </ProseSection>
      <ProseSection title={t('info.cookies.trackingTitle')}>
        <p>{t('info.cookies.tracking')}</p>
      </ProseSection>
      <ProseSection title={t('info.cookies.sharedTitle')}>
        <p>{t('info.cookies.shared')}</p>
      </ProseSection>
    </Page>
  );
}
