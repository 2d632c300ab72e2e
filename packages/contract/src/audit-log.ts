import { z } from 'zod';

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

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  count: z.number().int(),
  results: z.array(auditEntrySchema),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
