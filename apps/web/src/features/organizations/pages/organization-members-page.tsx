import type { OrganizationMember } from '@candor/contract/organizations';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { serverDetail } from '@/lib/error-messages';
import { formatDay } from '@/lib/format';
import { useMyOrganization } from '../api/get-my-organization';
import { useMembers, useRemoveMember } from '../api/members';

const columns: Column<OrganizationMember>[] = [
  {
    header: 'Username',
    isRowHeader: true,
    className: 'font-medium text-ink',
    cell: (member) => (
      <>
        {member.username}
        {member.is_admin && (
          <span className="block text-xs font-normal text-muted">Administrator</span>
        )}
      </>
    ),
  },
  {
    header: 'Member since',
    className: 'whitespace-nowrap',
    cell: (member) =>
      member.member_since ? (
        <time dateTime={member.member_since}>{formatDay(member.member_since)}</time>
      ) : (
        '—'
      ),
  },
  { header: 'Status', cell: (member) => (member.is_active ? 'Active' : 'Deactivated') },
];

/**
 * /organization-members: an organisation's administrators see its members (username, since when,
 * active) and can remove a member after a confirmation. Administrators are not removed here.
 */
export function OrganizationMembersPage() {
  const organization = useMyOrganization();
  const members = useMembers();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const name = organization.data?.name ?? 'your organisation';

  const withActions: Column<OrganizationMember>[] = [
    ...columns,
    {
      header: 'Actions',
      cell: (member) =>
        member.is_admin ? (
          <span className="text-muted">—</span>
        ) : (
          <Button
            size="sm"
            variant="danger"
            aria-label={`Remove ${member.username}`}
            onClick={() => {
              remove.reset();
              setDone(null);
              setRemoving(member);
            }}
          >
            Remove
          </Button>
        ),
    },
  ];

  return (
    <Page
      title="Members"
      lead={`The accounts that belong to ${name}. A member you remove is told, and the reports they filed stay with the organisation.`}
    >
      {done && (
        <Alert tone="success" className="mb-4">
          {done}
        </Alert>
      )}
      {members.isPending && <LoadingState label="Loading members..." />}
      {members.isError && (
        <Alert tone="error">
          {serverDetail(members.error) ?? 'Could not load the members. Please try again.'}
        </Alert>
      )}
      {members.data?.length === 0 && <EmptyState>No members yet.</EmptyState>}
      {members.data && members.data.length > 0 && (
        <DataTable
          caption={`Members of ${name}: ${members.data.length}`}
          columns={withActions}
          rows={members.data}
          rowKey={(member) => member.id}
        />
      )}
      <Dialog
        open={removing !== null}
        title={`Remove ${removing?.username ?? 'this member'}?`}
        onCancel={() => setRemoving(null)}
        isBusy={remove.isPending}
        className="w-[min(34rem,calc(100%-2rem))]"
      >
        <div className="space-y-4">
          <p className="text-sm text-ink">
            {removing?.username} will no longer be a member of {name}. They are told by a notice
            (and by mail if they have alerts). The reports they filed stay with the organisation.
          </p>
          {remove.isError && (
            <Alert tone="error">
              {serverDetail(remove.error) ?? 'Could not remove the member. Please try again.'}
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="ghost" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              Keep them
            </Button>
            <Button
              variant="danger"
              isBusy={remove.isPending}
              busyLabel="Removing..."
              onClick={() => {
                if (!removing) return;
                const member = removing;
                remove.mutate(member, {
                  onSuccess: () => {
                    setRemoving(null);
                    setDone(`${member.username} was removed from ${name}.`);
                  },
                });
              }}
            >
              Remove member
            </Button>
          </div>
        </div>
      </Dialog>
    </Page>
  );
}
