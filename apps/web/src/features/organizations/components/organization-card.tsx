import { organizationTypeLabels } from '@candor/contract/enums';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { serverDetail } from '@/lib/error-messages';
import { useGenerateJoinCode } from '../api/generate-join-code';
import { useMyOrganization } from '../api/get-my-organization';
import { useLeaveOrganization } from '../api/leave-organization';
import { DeadlinesForm } from './deadlines-form';
import { JoinOrganizationForm } from './join-organization-form';
import { ReaderNamesSwitch } from './reader-names-switch';
import { RetentionForm } from './retention-form';

function JoinCodePanel() {
  const generate = useGenerateJoinCode();
  return (
    <div className="mt-4">
      <Button variant="secondary" disabled={generate.isPending} onClick={() => generate.mutate()}>
        Generate join code
      </Button>
      {generate.data && (
        <div role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          <p>
            Share this code with your members. It is shown only once; generating a new one replaces
            it.
          </p>
          <p className="mt-2 font-mono text-lg tracking-wider">{generate.data.code}</p>
        </div>
      )}
      {generate.isError && (
        <Alert tone="error" className="mt-3">
          Could not generate a join code. Please try again.
        </Alert>
      )}
    </div>
  );
}

/** The caller's organisation on /profile: membership, join form, and the admin's code. */
export function OrganizationCard() {
  const { user } = useAuth();
  const organization = useMyOrganization();
  const leave = useLeaveOrganization();

  return (
    <Card className="mt-6">
      <h2 className="text-xl font-semibold text-brand-900">Organisation</h2>
      {organization.isPending && <LoadingState label="Loading organisation..." />}
      {organization.isError && (
        <Alert tone="error" className="mt-3">
          Could not load your organisation.
        </Alert>
      )}
      {organization.data && (
        <>
          <p className="mt-3 text-ink">
            <span className="font-semibold">{organization.data.name}</span> (
            {organizationTypeLabels[organization.data.type]})
            {organization.data.is_admin && ' — you are its administrator.'}
          </p>
          {organization.data.is_admin ? (
            <>
              <LinkButton to={paths.organizationMembers} variant="secondary" className="mt-4">
                Members
              </LinkButton>
              <JoinCodePanel />
              <ReaderNamesSwitch organization={organization.data} />
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
              Leave organisation
            </Button>
          )}
          {leave.isError && (
            <Alert tone="error" className="mt-3">
              {serverDetail(leave.error) ?? 'Could not leave the organisation. Please try again.'}
            </Alert>
          )}
        </>
      )}
      {organization.data === null && (
        <>
          <p className="mt-3 text-muted">You are not a member of an organisation.</p>
          {user?.role !== 'admin' && (
            <>
              <h3 className="mt-4 font-semibold text-ink">Join an organisation</h3>
              <JoinOrganizationForm />
            </>
          )}
        </>
      )}
    </Card>
  );
}
