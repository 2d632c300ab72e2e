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
import { type Translate, useT } from '@/lib/i18n';
import { useMyOrganization } from '../api/get-my-organization';
import { useMembers, useRemoveMember } from '../api/members';

const columnsOf = (t: Translate): Column<OrganizationMember>[] => [
  {
    header: t('organizations.members.username'),
    isRowHeader: true,
    className: 'font-medium text-ink',
    cell: (member) => (
      <>
        {member.username}
        {member.is_admin && (
          <span className="block text-xs font-normal text-muted">
            {t('organizations.members.administrator')}
          </span>
        )}
      </>
    ),
  },
  {
    header: t('organizations.members.since'),
    className: 'whitespace-nowrap',
    cell: (member) =>
      member.member_since ? (
        <time dateTime={member.member_since}>{formatDay(member.member_since)}</time>
      ) : (
        '—'
      ),
  },
  {
    header: t('organizations.members.status'),
    cell: (member) =>
      member.is_active ? t('organizations.members.active') : t('organizations.members.deactivated'),
  },
];

/**
 * /organization-members: an organisation's administrators see its members (username, since when,
 * active) and can remove a member after a confirmation. Administrators are not removed here.
 */
export function OrganizationMembersPage() {
  const t = useT();
  const organization = useMyOrganization();
  const members = useMembers();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const name = organization.data?.name ?? t('organizations.members.yourOrganisation');

  const withActions: Column<OrganizationMember>[] = [
    ...columnsOf(t),
    {
      header: t('organizations.members.actions'),
      cell: (member) =>
        member.is_admin ? (
          <span className="text-muted">—</span>
        ) : (
          <Button
            size="sm"
            variant="danger"
            aria-label={t('organizations.members.removeName', { username: member.username })}
            onClick={() => {
              remove.reset();
              setDone(null);
              setRemoving(member);
            }}
          >
            {t('organizations.members.remove')}
          </Button>
        ),
    },
  ];

  return (
    <Page title={t('organizations.members.title')} lead={t('organizations.members.lead', { name })}>
      {done && (
        <Alert tone="success" className="mb-4">
          {done}
        </Alert>
      )}
      {members.isPending && <LoadingState label={t('organizations.members.loading')} />}
      {members.isError && (
        <Alert tone="error">
          {serverDetail(members.error) ?? t('organizations.members.loadFailed')}
        </Alert>
      )}
      {members.data?.length === 0 && <EmptyState>{t('organizations.members.empty')}</EmptyState>}
      {members.data && members.data.length > 0 && (
        <DataTable
          caption={t('organizations.members.caption', { name, count: members.data.length })}
          columns={withActions}
          rows={members.data}
          rowKey={(member) => member.id}
        />
      )}
      <Dialog
        open={removing !== null}
        title={t('organizations.members.removeQuestion', {
          username: removing?.username ?? t('organizations.members.thisMember'),
        })}
        onCancel={() => setRemoving(null)}
        isBusy={remove.isPending}
        className="w-[min(34rem,calc(100%-2rem))]"
      >
        <div className="space-y-4">
          <p className="text-sm text-ink">
            {t('organizations.members.removeExplanation', {
              username: removing?.username ?? '',
              name,
            })}
          </p>
          {remove.isError && (
            <Alert tone="error">
              {serverDetail(remove.error) ?? t('organizations.members.removeFailed')}
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="ghost" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              {t('organizations.members.keep')}
            </Button>
            <Button
              variant="danger"
              isBusy={remove.isPending}
              busyLabel={t('organizations.members.removing')}
              onClick={() => {
                if (!removing) return;
                const member = removing;
                remove.mutate(member, {
                  onSuccess: () => {
                    setRemoving(null);
                    setDone(
                      t('organizations.members.removed', { username: member.username, name }),
                    );
                  },
                });
              }}
            >
              {t('organizations.members.removeMember')}
            </Button>
          </div>
        </div>
      </Dialog>
    </Page>
  );
}
