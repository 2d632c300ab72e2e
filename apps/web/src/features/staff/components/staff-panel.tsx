import type { StaffMember } from '@candor/contract/staff';
import { STAFF_PAGE_SIZE } from '@candor/contract/staff';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { lastShown, Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { formatDay } from '@/lib/format';
import { type StaffChange, type StaffFilters, useStaff, useStaffChange } from '../api/staff-api';
import { HandOverDialog } from './hand-over-dialog';
import { UnadministeredOrganizations } from './unadministered-organizations';

const changeTexts: Record<StaffChange, { title: string; confirm: string; explain: string }> = {
  revoke: {
    title: 'Revoke administrator access',
    confirm: 'Revoke access',
    explain:
      'They become a plain user at once: every login ends, open pages lose access, and they are told.',
  },
  deactivate: {
    title: 'Deactivate account',
    confirm: 'Deactivate',
    explain:
      'They cannot log in at all until the account is reactivated: every login ends at once and they are told.',
  },
  reactivate: {
    title: 'Reactivate account',
    confirm: 'Reactivate',
    explain: 'They can log in again, with the role they had. They are told.',
  },
};

function scopeOf(member: StaffMember) {
  if (member.scope === 'platform') return 'Candor (platform)';
  if (member.scope === 'organization') return member.organization_name ?? 'An organisation';
  return member.organization_name
    ? `Member of ${member.organization_name}`
    : 'Not an administrator';
}

function secondFactorOf(member: StaffMember) {
  if (member.second_factor === null) return 'Not available';
  return member.second_factor.is_enabled ? 'On' : 'Off';
}

const columns: Column<StaffMember>[] = [
  {
    header: 'Username',
    isRowHeader: true,
    className: 'font-medium text-ink',
    cell: (member) => (
      <>
        {member.username}
        {member.is_superuser && (
          <span className="block text-xs font-normal text-muted">Superuser</span>
        )}
      </>
    ),
  },
  { header: 'Administers', cell: scopeOf },
  {
    header: 'Since',
    className: 'whitespace-nowrap',
    cell: (member) =>
      member.admin_since ? (
        <time dateTime={member.admin_since}>{formatDay(member.admin_since)}</time>
      ) : (
        '—'
      ),
  },
  { header: 'Second factor', cell: secondFactorOf },
  { header: 'Status', cell: (member) => (member.is_active ? 'Active' : 'Deactivated') },
];

type StaffActionsProps = {
  member: StaffMember;
  onChange(change: StaffChange): void;
  onHandOver(organizationId: number): void;
};

/** What the superuser can do to one member's access; their own account is not theirs to change. */
function StaffActions({ member, onChange, onHandOver }: StaffActionsProps) {
  const organizationId = member.organization_id;
  return member.is_superuser ? (
    <span className="text-muted">Your own account</span>
  ) : (
    <div className="flex flex-wrap gap-2">
      {member.scope !== null && member.is_active && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Revoke administrator access of ${member.username}`}
          onClick={() => onChange('revoke')}
        >
          Revoke admin
        </Button>
      )}
      {member.is_active ? (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Deactivate ${member.username}`}
          onClick={() => onChange('deactivate')}
        >
          Deactivate
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Reactivate ${member.username}`}
          onClick={() => onChange('reactivate')}
        >
          Reactivate
        </Button>
      )}
      {member.scope === 'organization' && organizationId !== null && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Hand over ${member.organization_name ?? 'the organisation'}`}
          onClick={() => onHandOver(organizationId)}
        >
          Hand over
        </Button>
      )}
    </div>
  );
}

/**
 * The superuser's Staff tab: everyone with an administrator role (and deactivated accounts),
 * filtered and paged; each change to someone's access is confirmed in a dialog.
 */
export function StaffPanel() {
  const [filters, setFilters] = useState<StaffFilters>({ q: '', scope: '', status: '' });
  const [offset, setOffset] = useState(0);
  const staff = useStaff(filters, offset);
  const change = useStaffChange();
  const [pending, setPending] = useState<{ member: StaffMember; change: StaffChange } | null>(null);
  const [handOver, setHandOver] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const page = staff.data;
  const last = page ? lastShown(offset, page) : 0;

  const filter = (next: Partial<StaffFilters>) => {
    setFilters({ ...filters, ...next });
    setOffset(0);
  };

  const confirm = () => {
    if (!pending) return;
    change.mutate(
      { id: pending.member.id, change: pending.change },
      {
        onSuccess: () => {
          setDone(`${changeTexts[pending.change].title}: done for ${pending.member.username}.`);
          setPending(null);
        },
      },
    );
  };

  return (
    <section aria-labelledby="staff-heading" className="space-y-4">
      <h2 id="staff-heading" className="text-xl font-semibold text-brand-900">
        Staff
      </h2>
      <UnadministeredOrganizations onChoose={setHandOver} />
      <search aria-label="Filter staff" className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Username or organisation"
          name="q"
          value={filters.q}
          onChange={(event) => filter({ q: event.target.value })}
        />
        <SelectField
          label="Administers"
          name="scope"
          value={filters.scope}
          onChange={(event) => filter({ scope: event.target.value as StaffFilters['scope'] })}
          placeholder="Everyone"
          options={[
            { value: 'platform', label: 'Candor (platform)' },
            { value: 'organization', label: 'An organisation' },
          ]}
        />
        <SelectField
          label="Status"
          name="status"
          value={filters.status}
          onChange={(event) => filter({ status: event.target.value as StaffFilters['status'] })}
          placeholder="Any"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'deactivated', label: 'Deactivated' },
          ]}
        />
      </search>
      <div aria-live="polite">{done && <Alert tone="success">{done}</Alert>}</div>
      {staff.isPending && <LoadingState label="Loading staff..." />}
      {staff.isError && <Alert tone="error">Could not load the staff list.</Alert>}
      {page?.count === 0 && <EmptyState>Nobody matches these filters.</EmptyState>}
      {page && page.count > 0 && (
        <>
          <DataTable
            caption={`Staff ${offset + 1} to ${last} of ${page.count}`}
            columns={[
              ...columns,
              {
                header: 'Actions',
                cell: (member) => (
                  <StaffActions
                    member={member}
                    onChange={(change) => setPending({ member, change })}
                    onHandOver={setHandOver}
                  />
                ),
              },
            ]}
            rows={page.results}
            rowKey={(member) => member.id}
          />
          <Pager
            label="Staff pages"
            offset={offset}
            pageSize={STAFF_PAGE_SIZE}
            last={last}
            count={page.count}
            isLoading={staff.isFetching}
            onOffset={setOffset}
          />
        </>
      )}
      <Dialog
        open={pending !== null}
        title={pending ? changeTexts[pending.change].title : ''}
        isBusy={change.isPending}
        onCancel={() => {
          setPending(null);
          change.reset();
        }}
        className="w-[min(34rem,calc(100%-2rem))]"
      >
        <div className="space-y-4">
          {pending && (
            <>
              <p className="font-semibold text-ink">{pending.member.username}</p>
              <p className="text-ink">
                {changeTexts[pending.change].explain}
                {pending.change === 'revoke' &&
                  pending.member.scope === 'organization' &&
                  ' Their organisation keeps them as a member.'}
              </p>
              <p className="text-sm text-muted">The change is recorded in the audit log.</p>
              {change.isError && (
                <Alert tone="error">
                  {serverDetail(change.error) ?? 'The change could not be made. Please try again.'}
                </Alert>
              )}
              <div className="flex justify-end gap-3">
                <Button
                  variant="ghost"
                  autoFocus
                  disabled={change.isPending}
                  onClick={() => {
                    setPending(null);
                    change.reset();
                  }}
                >
                  Cancel
                </Button>
                <Button
                  variant={pending.change === 'reactivate' ? 'primary' : 'danger'}
                  isBusy={change.isPending}
                  busyLabel="Saving..."
                  onClick={confirm}
                >
                  {changeTexts[pending.change].confirm}
                </Button>
              </div>
            </>
          )}
        </div>
      </Dialog>
      <HandOverDialog organizationId={handOver} onClose={() => setHandOver(null)} />
    </section>
  );
}
