import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth/auth-context';
import { useT } from '@/lib/i18n';
import { AccessRequestForm } from '../components/access-request-form';

/** As in the original product (/become-admin): the application form. */
export function BecomeAdminPage() {
  const t = useT();
  const { user } = useAuth();
  return (
    <Page
      title={t('access-requests.becomeAdmin.title')}
      width="narrow"
      lead={t('access-requests.becomeAdmin.lead')}
    >
      {user && (
        <p className="mb-4 text-sm text-muted">{t('access-requests.becomeAdmin.signedIn')}</p>
      )}
      <Card>
        <AccessRequestForm />
      </Card>
    </Page>
  );
}
