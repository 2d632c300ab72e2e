import type { AuditAction } from '@candor/contract/audit';
import type { SqlSession } from './backup/sql-session';

/**
 * The audit row a command-line operation (backup, restore, rotate-keys) leaves: the actor is
 * the operator at the host, whom the server cannot name; details are counts and key ids only,
 * never a path, a passphrase or a key. Written with plain SQL on the operation's own
 * connection; the insert trigger chains it like any other row (docs/design.md "Tamper-evident
 * audit"), so `npm run audit:verify` still passes.
 */
export async function recordOperation(
  session: SqlSession,
  action: Extract<AuditAction, `operations.${string}`>,
  details: Record<string, unknown>,
): Promise<void> {
  await session.query(
    `insert into audit_log (actor_user_id, actor_role, action, object_type, object_id, details)
     values (null, 'operator', $1, 'platform', null, $2::jsonb)`,
    [action, JSON.stringify(details)],
  );
}
