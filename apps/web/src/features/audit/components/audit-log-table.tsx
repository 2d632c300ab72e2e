import type { AuditEntry } from '@candor/contract/audit-log';
import { AUDIT_PAGE_SIZE } from '@candor/contract/page-sizes';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { lastShown, Pager } from '@/components/ui/pager';
import { formatDateTime } from '@/lib/format';
import { type Translate, useT } from '@/lib/i18n';
import { useAuditLog } from '../api/get-audit-log';

/** `{"from":"user","to":"admin"}` -> `from: user, to: admin`. */
export function describeDetails(details: AuditEntry['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

function actorOf(entry: AuditEntry, t: Translate) {
  if (entry.actor) return entry.actor;
  if (entry.actor_role === 'reporter') return t('audit.log.reporter');
  // Backup, restore and rotate-keys, run at the host: the server cannot name who ran them.
  if (entry.actor_role === 'operator') return t('audit.log.operator');
  return t('audit.log.system');
}

const columnsOf = (t: Translate): Column<AuditEntry>[] => [
  {
    header: t('audit.log.time'),
    className: 'whitespace-nowrap',
    cell: (entry) => (
      <time dateTime={entry.created_at}>
        {formatDateTime(entry.created_at, { fallback: t('audit.log.noTime') })}
      </time>
    ),
  },
  {
    header: t('audit.log.actor'),
    cell: (entry) => (
      <>
        {actorOf(entry, t)}
        <span className="block text-xs text-muted">{entry.actor_role}</span>
      </>
    ),
  },
  { header: t('audit.log.action'), className: 'font-mono text-xs', cell: (entry) => entry.action },
  {
    header: t('audit.log.object'),
    cell: (entry) =>
      `${entry.object_type}${entry.object_id !== null ? ` #${entry.object_id}` : ''}`,
  },
  {
    header: t('audit.log.details'),
    className: 'wrap-anywhere text-muted',
    cell: (entry) => describeDetails(entry.details) || '—',
  },
];

/** The append-only audit log, newest first, a page at a time. */
export function AuditLogTable() {
  const t = useT();
  const columns = useMemo(() => columnsOf(t), [t]);
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(offset);
  const page = log.data;
  const last = page ? lastShown(offset, page) : 0;

  return (
    <section aria-labelledby="audit-log-heading">
      <h2 id="audit-log-heading" className="mb-4 text-xl font-semibold text-brand-900">
        {t('audit.log.heading')}
      </h2>
      {log.isPending && <LoadingState label={t('audit.log.loading')} />}
      {log.isError && <Alert tone="error">{t('audit.log.failed')}</Alert>}
      {page?.count === 0 && <EmptyState>{t('audit.log.none')}</EmptyState>}
      {page && page.count > 0 && (
        <>
          <DataTable
            caption={t('audit.log.caption', { first: offset + 1, last, count: page.count })}
            columns={columns}
            rows={page.results}
            rowKey={(entry) => entry.id}
          />
          <Pager
            label={t('audit.log.pages')}
            className="mt-4"
            offset={offset}
            pageSize={AUDIT_PAGE_SIZE}
            last={last}
            count={page.count}
            isLoading={log.isFetching}
            onOffset={setOffset}
            previousLabel={t('audit.log.newer')}
            nextLabel={t('audit.log.older')}
          />
        </>
      )}
    </section>
  );
}
