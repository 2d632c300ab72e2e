import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination';

/**
 * One row of `GET /api/audit/`; `actor` is null for the system and anonymous reporters. Action
 * and role are plain strings here: rows written before an action was renamed must still list.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  actor_role: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** Always a page (DESIGN.md 8 allows it: the log is too long for one answer). */
export const auditQuerySchema = z.object({
  limit: pageQuerySchema.shape.limit.default(AUDIT_PAGE_SIZE),
  offset: pageQuerySchema.shape.offset.default(0),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
