import type { AuditEntry } from '@candor/contract/audit-log';
import { AUDIT_PAGE_SIZE } from '@candor/contract/page-sizes';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { lastShown, Pager } from '@/components/ui/pager';
import { formatDateTime } from '@/lib/format';
import { useAuditLog } from '../api/get-audit-log';

/** `{"from":"user","to":"admin"}` -> `from: user, to: admin`. */
export function describeDetails(details: AuditEntry['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

function actorOf(entry: AuditEntry) {
  if (entry.actor) return entry.actor;
  if (entry.actor_role === 'reporter') return 'The reporter';
  // Backup, restore and rotate-keys, run at the host: the server cannot name who ran them.
  if (entry.actor_role === 'operator') return 'Operator (command line)';
  return 'System';
}

const columns: Column<AuditEntry>[] = [
  {
    header: 'Time',
    className: 'whitespace-nowrap',
    cell: (entry) => (
      <time dateTime={entry.created_at}>
        {formatDateTime(entry.created_at, { fallback: 'N/A' })}
      </time>
    ),
  },
  {
    header: 'Actor',
    cell: (entry) => (
      <>
        {actorOf(entry)}
        <span className="block text-xs text-muted">{entry.actor_role}</span>
      </>
    ),
  },
  { header: 'Action', className: 'font-mono text-xs', cell: (entry) => entry.action },
  {
    header: 'Object',
    cell: (entry) =>
      `${entry.object_type}${entry.object_id !== null ? ` #${entry.object_id}` : ''}`,
  },
  {
    header: 'Details',
    className: 'wrap-anywhere text-muted',
    cell: (entry) => describeDetails(entry.details) || '—',
  },
];

/** The append-only audit log, newest first, a page at a time. */
export function AuditLogTable() {
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(offset);
  const page = log.data;
  const last = page ? lastShown(offset, page) : 0;

  return (
    <section aria-labelledby="audit-log-heading">
      <h2 id="audit-log-heading" className="mb-4 text-xl font-semibold text-brand-900">
        Audit log
      </h2>
      {log.isPending && <LoadingState label="Loading the audit log..." />}
      {log.isError && <Alert tone="error">Failed to load the audit log.</Alert>}
      {page?.count === 0 && <EmptyState>No audit entries yet.</EmptyState>}
      {page && page.count > 0 && (
        <>
          <DataTable
            caption={`Audit entries ${offset + 1} to ${last} of ${page.count}, newest first`}
            columns={columns}
            rows={page.results}
            rowKey={(entry) => entry.id}
          />
          <Pager
            label="Audit log pages"
            className="mt-4"
            offset={offset}
            pageSize={AUDIT_PAGE_SIZE}
            last={last}
            count={page.count}
            isLoading={log.isFetching}
            onOffset={setOffset}
            previousLabel="Newer"
            nextLabel="Older"
          />
        </>
      )}
    </section>
  );
}
