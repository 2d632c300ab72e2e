import type { AuditPage } from '@candor/contract/audit-log';
import type { AppContext } from '../../context';
import * as repo from './audit.repository';

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
      details: row.details,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
