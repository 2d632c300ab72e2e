import type { AuditChain, AuditPage } from '@candor/contract/audit-log';
import type { AppContext } from '../../context';
import * as repo from './audit.repository';
import { describeChain, verifyAuditChain } from './audit-chain';

/** How other modules record an audit entry, inside their own transaction. */
export { type AuditEntry, insertAuditEntry } from './audit.repository';

export async function pageAuditLog(
  ctx: AppContext,
  page: { limit: number; offset: number },
): Promise<AuditPage> {
  const [count, rows] = await Promise.all([
    repo.countAuditEntries(ctx.db),
    repo.findAuditEntries(ctx.db, page),
  ]);
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      // A reporter acting on their own report is never named here, even when identified.
      actor: row.actorRole === 'reporter' ? null : row.actor,
      actor_role: row.actorRole,
      action: row.action,
      object_type: row.objectType,
      object_id: row.objectId,
      details: asRecord(row.details),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** Checks the whole chain now (it reads every row: the superuser asks for it, rarely). */
export async function checkAuditChain(ctx: AppContext): Promise<AuditChain> {
  const state = await verifyAuditChain(ctx.db);
  return {
    is_intact: state.isIntact,
    rows: state.rows,
    head: state.head,
    broken_rows: state.brokenRows,
    problem: state.problem,
    summary: describeChain(state),
    checked_at: new Date().toISOString(),
  };
}

/**
 * A row's details as the page shows them: an object. One written otherwise (by hand, in the
 * database: the chain check names it) is shown under `value`, never a failed page.
 */
function asRecord(details: unknown): Record<string, unknown> {
  if (details !== null && typeof details === 'object' && !Array.isArray(details)) {
    return details as Record<string, unknown>;
  }
  return { value: details };
}
