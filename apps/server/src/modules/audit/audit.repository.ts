import type { AuditAction, AuditActorRole } from '@candor/contract/audit';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/**
 * What an audit row may say beside its ids. The log is append-only and chained, so it outlives
 * the accounts it mentions: it names people by id, never by a username, an email, a name or a
 * search text someone typed (docs/api.md "Staff and accounts over time").
 */
export type AuditDetails = Record<string, unknown> & {
  [key in 'username' | 'email' | 'first_name' | 'last_name' | 'phone' | 'q']?: never;
};

export type AuditEntry = {
  /** Null for the reporter of an anonymous report, and for the system. */
  actorUserId: number | null;
  actorRole: AuditActorRole;
  action: AuditAction;
  objectType:
    | 'report'
    | 'access_request'
    | 'user'
    | 'organization'
    | 'contact_message'
    | 'platform'
    | 'tag';
  objectId: string | number | null;
  /** Never the identity of an anonymous reporter, nor anyone's username, email or name. */
  details?: AuditDetails;
};

/** Appends one row; pass the transaction of the action so both land or neither does. */
export async function insertAuditEntry(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId === null ? null : String(entry.objectId),
    details: entry.details ?? {},
  });
}

/** Newest first, with the actor's username (null for the system and anonymous reporters). */
export async function findAuditEntries(db: Executor, page: { limit: number; offset: number }) {
  return db
    .select({
      id: auditLog.id,
      actor: users.username,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditEntries(db: Executor) {
  const [row] = await db.select({ value: count() }).from(auditLog);
  return row?.value ?? 0;
}
