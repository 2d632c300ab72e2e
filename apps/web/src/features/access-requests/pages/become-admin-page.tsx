import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth/auth-context';
import { AccessRequestForm } from '../components/access-request-form';

/** As in the original product (/become-admin): the application form. */
export function BecomeAdminPage() {
  const { user } = useAuth();
  return (
    <Page
      title="Become an Admin"
      width="narrow"
      lead="Apply to review and act on reports, for yourself or for your organization. The superuser reviews every application."
    >
      {user && (
        <p className="mb-4 text-sm text-muted">
          You are signed in: if the application is approved, this account becomes an administrator.
        </p>
      )}
      <Card>
        <AccessRequestForm />
      </Card>
    </Page>
  );
}
