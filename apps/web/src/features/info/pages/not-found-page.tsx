import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <Page title={t('info.notFound.title')} lead={t('info.notFound.lead')}>
      <div className="flex flex-wrap gap-3">
        <LinkButton to={paths.home}>{t('info.notFound.home')}</LinkButton>
        <LinkButton to={paths.contact} variant="secondary">
          {t('info.notFound.contact')}
        </LinkButton>
      </div>
    </Page>
  );
}
