import type { AuditEntry } from '@candor/contract/audit-log';
import { AUDIT_PAGE_SIZE } from '@candor/contract/page-sizes';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/loading-state';
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

const cell = 'px-3 py-2 align-top';
const columns = ['Time', 'Actor', 'Action', 'Object', 'Details'];

/** The append-only audit log, newest first, a page at a time. */
export function AuditLogTable() {
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(offset);
  const page = log.data;
  const last = page ? Math.min(offset + page.results.length, page.count) : 0;

  return (
    <section aria-labelledby="audit-log-heading">
      <h2 id="audit-log-heading" className="mb-4 text-xl font-semibold text-brand-900">
        Audit log
      </h2>
      {log.isPending && <LoadingState label="Loading the audit log..." />}
      {log.isError && <Alert tone="error">Failed to load the audit log.</Alert>}
      {page?.count === 0 && (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-muted">
          No audit entries yet.
        </p>
      )}
      {page && page.count > 0 && (
        <>
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Audit entries {offset + 1} to {last} of {page.count}, newest first
              </caption>
              <thead className="bg-brand-50 text-brand-900">
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col" className={cell}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {page.results.map((entry) => (
                  <tr key={entry.id}>
                    <td className={`${cell} whitespace-nowrap`}>
                      <time dateTime={entry.created_at}>
                        {formatDateTime(entry.created_at, { fallback: 'N/A' })}
                      </time>
                    </td>
                    <td className={cell}>
                      {actorOf(entry)}
                      <span className="block text-xs text-muted">{entry.actor_role}</span>
                    </td>
                    <td className={`${cell} font-mono text-xs`}>{entry.action}</td>
                    <td className={cell}>
                      {entry.object_type}
                      {entry.object_id !== null && ` #${entry.object_id}`}
                    </td>
                    <td className={`${cell} wrap-anywhere text-muted`}>
                      {describeDetails(entry.details) || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label="Audit log pages"
            className="mt-4 flex items-center justify-between gap-4"
          >
            <p className="text-sm text-muted" aria-live="polite">
              Showing {offset + 1}–{last} of {page.count}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={offset === 0 || log.isFetching}
                onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
              >
                Newer
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={last >= page.count || log.isFetching}
                onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
              >
                Older
              </Button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}
