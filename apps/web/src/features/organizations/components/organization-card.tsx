import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { serverDetail } from '@/lib/error-messages';
import { T, useT } from '@/lib/i18n';
import { useGenerateJoinCode } from '../api/generate-join-code';
import { useMyOrganization } from '../api/get-my-organization';
import { useLeaveOrganization } from '../api/leave-organization';
import { organizationTypeWords } from '../organization-type-words';
import { DeadlinesForm } from './deadlines-form';
import { IntakeLanguageSelect } from './intake-language-select';
import { JoinOrganizationForm } from './join-organization-form';
import { ReaderNamesSwitch } from './reader-names-switch';
import { RetentionForm } from './retention-form';

function JoinCodePanel() {
  const t = useT();
  const generate = useGenerateJoinCode();
  return (
    <div className="mt-4">
      <Button variant="secondary" disabled={generate.isPending} onClick={() => generate.mutate()}>
        {t('organizations.joinCode.generate')}
      </Button>
      {generate.data && (
        <div role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          <p>{t('organizations.joinCode.share')}</p>
          <p className="mt-2 font-mono text-lg tracking-wider">{generate.data.code}</p>
        </div>
      )}
      {generate.isError && (
        <Alert tone="error" className="mt-3">
          {t('organizations.joinCode.failed')}
        </Alert>
      )}
    </div>
  );
}

/** The caller's organisation on /profile: membership, join form, and the admin's code. */
export function OrganizationCard() {
  const t = useT();
  const { user } = useAuth();
  const organization = useMyOrganization();
  const leave = useLeaveOrganization();

  return (
    <Card className="mt-6">
      <h2 className="text-xl font-semibold text-brand-900">{t('organizations.card.heading')}</h2>
      {organization.isPending && <LoadingState label={t('organizations.card.loading')} />}
      {organization.isError && (
        <Alert tone="error" className="mt-3">
          {t('organizations.card.loadFailed')}
        </Alert>
      )}
      {organization.data && (
        <>
          <p className="mt-3 text-ink">
            <T
              id={
                organization.data.is_admin
                  ? 'organizations.card.nameTypeAdmin'
                  : 'organizations.card.nameType'
              }
              values={{
                name: organization.data.name,
                type: t(organizationTypeWords[organization.data.type]),
              }}
              components={[<span key="name" className="font-semibold" />]}
            />
          </p>
          {organization.data.is_admin ? (
            <>
              <LinkButton to={paths.organizationMembers} variant="secondary" className="mt-4">
                {t('organizations.card.members')}
              </LinkButton>
              <JoinCodePanel />
              <ReaderNamesSwitch organization={organization.data} />
              <IntakeLanguageSelect organization={organization.data} />
              <DeadlinesForm organization={organization.data} />
              <RetentionForm organization={organization.data} />
            </>
          ) : (
            <Button
              variant="ghost"
              className="mt-3"
              disabled={leave.isPending}
              onClick={() => leave.mutate()}
            >
              {t('organizations.card.leave')}
            </Button>
          )}
          {leave.isError && (
            <Alert tone="error" className="mt-3">
              {serverDetail(leave.error) ?? t('organizations.card.leaveFailed')}
            </Alert>
          )}
        </>
      )}
      {organization.data === null && (
        <>
          <p className="mt-3 text-muted">{t('organizations.card.notMember')}</p>
          {user?.role !== 'admin' && (
            <>
              <h3 className="mt-4 font-semibold text-ink">{t('organizations.card.joinHeading')}</h3>
              <JoinOrganizationForm />
            </>
          )}
        </>
      )}
    </Card>
  );
}
