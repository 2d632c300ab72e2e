import type { StaffMember } from '@candor/contract/staff';
import { STAFF_PAGE_SIZE } from '@candor/contract/staff';
import { useMemo, useState } from 'react';
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
import { type Translate, useT } from '@/lib/i18n';
import { type StaffChange, type StaffFilters, useStaff, useStaffChange } from '../api/staff-api';
import { HandOverDialog } from './hand-over-dialog';
import { UnadministeredOrganizations } from './unadministered-organizations';

const changeTexts: Record<StaffChange, { titleId: string; confirmId: string; explainId: string }> =
  {
    revoke: {
      titleId: 'staff.revoke.title',
      confirmId: 'staff.revoke.confirm',
      explainId: 'staff.revoke.explain',
    },
    deactivate: {
      titleId: 'staff.deactivate.title',
      confirmId: 'staff.deactivate.confirm',
      explainId: 'staff.deactivate.explain',
    },
    reactivate: {
      titleId: 'staff.reactivate.title',
      confirmId: 'staff.reactivate.confirm',
      explainId: 'staff.reactivate.explain',
    },
  };

function scopeOf(member: StaffMember, t: Translate) {
  if (member.scope === 'platform') return t('staff.scope.platform');
  if (member.scope === 'organization')
    return member.organization_name ?? t('staff.scope.organization');
  return member.organization_name
    ? t('staff.scope.memberOf', { name: member.organization_name })
    : t('staff.scope.none');
}

function secondFactorOf(member: StaffMember, t: Translate) {
  if (member.second_factor === null) return t('staff.secondFactor.unavailable');
  return member.second_factor.is_enabled ? t('staff.secondFactor.on') : t('staff.secondFactor.off');
}

const columnsOf = (t: Translate): Column<StaffMember>[] => [
  {
    header: t('staff.column.username'),
    isRowHeader: true,
    className: 'font-medium text-ink',
    cell: (member) => (
      <>
        {member.username}
        {member.is_superuser && (
          <span className="block text-xs font-normal text-muted">{t('staff.superuser')}</span>
        )}
      </>
    ),
  },
  { header: t('staff.column.administers'), cell: (member) => scopeOf(member, t) },
  {
    header: t('staff.column.since'),
    className: 'whitespace-nowrap',
    cell: (member) =>
      member.admin_since ? (
        <time dateTime={member.admin_since}>{formatDay(member.admin_since)}</time>
      ) : (
        '—'
      ),
  },
  { header: t('staff.column.secondFactor'), cell: (member) => secondFactorOf(member, t) },
  {
    header: t('staff.column.status'),
    cell: (member) => (member.is_active ? t('staff.status.active') : t('staff.status.deactivated')),
  },
];

type StaffActionsProps = {
  member: StaffMember;
  onChange(change: StaffChange): void;
  onHandOver(organizationId: number): void;
};

/** What the superuser can do to one member's access; their own account is not theirs to change. */
function StaffActions({ member, onChange, onHandOver }: StaffActionsProps) {
  const t = useT();
  const organizationId = member.organization_id;
  return member.is_superuser ? (
    <span className="text-muted">{t('staff.ownAccount')}</span>
  ) : (
    <div className="flex flex-wrap gap-2">
      {member.scope !== null && member.is_active && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('staff.revoke.label', { name: member.username })}
          onClick={() => onChange('revoke')}
        >
          {t('staff.revoke.button')}
        </Button>
      )}
      {member.is_active ? (
        <Button
          size="sm"
          variant="danger"
          aria-label={t('staff.deactivate.label', { name: member.username })}
          onClick={() => onChange('deactivate')}
        >
          {t('staff.deactivate.confirm')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('staff.reactivate.label', { name: member.username })}
          onClick={() => onChange('reactivate')}
        >
          {t('staff.reactivate.confirm')}
        </Button>
      )}
      {member.scope === 'organization' && organizationId !== null && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={
            member.organization_name
              ? t('staff.handOver.label', { name: member.organization_name })
              : t('staff.handOver.labelUnnamed')
          }
          onClick={() => onHandOver(organizationId)}
        >
          {t('staff.handOver.button')}
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
  const t = useT();
  const columns = useMemo(() => columnsOf(t), [t]);
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
          setDone(
            t('staff.done', {
              change: t(changeTexts[pending.change].titleId),
              name: pending.member.username,
            }),
          );
          setPending(null);
        },
      },
    );
  };

  return (
    <section aria-labelledby="staff-heading" className="space-y-4">
      <h2 id="staff-heading" className="text-xl font-semibold text-brand-900">
        {t('staff.heading')}
      </h2>
      <UnadministeredOrganizations onChoose={setHandOver} />
      <search aria-label={t('staff.filter.label')} className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t('staff.filter.q')}
          name="q"
          value={filters.q}
          onChange={(event) => filter({ q: event.target.value })}
        />
        <SelectField
          label={t('staff.column.administers')}
          name="scope"
          value={filters.scope}
          onChange={(event) => filter({ scope: event.target.value as StaffFilters['scope'] })}
          placeholder={t('staff.filter.everyone')}
          options={[
            { value: 'platform', label: t('staff.scope.platform') },
            { value: 'organization', label: t('staff.scope.organization') },
          ]}
        />
        <SelectField
          label={t('staff.column.status')}
          name="status"
          value={filters.status}
          onChange={(event) => filter({ status: event.target.value as StaffFilters['status'] })}
          placeholder={t('staff.filter.any')}
          options={[
            { value: 'active', label: t('staff.status.active') },
            { value: 'deactivated', label: t('staff.status.deactivated') },
          ]}
        />
      </search>
      <div aria-live="polite">{done && <Alert tone="success">{done}</Alert>}</div>
      {staff.isPending && <LoadingState label={t('staff.loading')} />}
      {staff.isError && <Alert tone="error">{t('staff.loadFailed')}</Alert>}
      {page?.count === 0 && <EmptyState>{t('staff.none')}</EmptyState>}
      {page && page.count > 0 && (
        <>
          <DataTable
            caption={t('staff.caption', { first: offset + 1, last, count: page.count })}
            columns={[
              ...columns,
              {
                header: t('staff.column.actions'),
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
            label={t('staff.pages')}
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
        title={pending ? t(changeTexts[pending.change].titleId) : ''}
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
                {t(changeTexts[pending.change].explainId)}
                {pending.change === 'revoke' &&
                  pending.member.scope === 'organization' &&
                  t('staff.revoke.keepsMember')}
              </p>
              <p className="text-sm text-muted">{t('staff.recorded')}</p>
              {change.isError && (
                <Alert tone="error">{serverDetail(change.error) ?? t('staff.changeFailed')}</Alert>
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
                  {t('staff.cancel')}
                </Button>
                <Button
                  variant={pending.change === 'reactivate' ? 'primary' : 'danger'}
                  isBusy={change.isPending}
                  busyLabel={t('staff.saving')}
                  onClick={confirm}
                >
                  {t(changeTexts[pending.change].confirmId)}
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
