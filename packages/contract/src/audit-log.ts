import { AUDIT_PAGE_SIZE } from './page-sizes';
import { pageOf, pageQuerySchema } from './pagination';
import { z } from './zod';

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

export { AUDIT_PAGE_SIZE } from './page-sizes';

/** Always a page (docs/api.md "The API" allows it: the log is too long for one answer). */
export const auditQuerySchema = z.object({
  limit: pageQuerySchema.shape.limit.default(AUDIT_PAGE_SIZE),
  offset: pageQuerySchema.shape.offset.default(0),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * `GET /api/audit/chain/`: the check of the audit log's hash chain, run when asked. `problem`
 * names the first row that does not check out (`id` null: the end of the log does not match its
 * head, so rows were removed from the end).
 */
export const auditChainSchema = z.object({
  is_intact: z.boolean(),
  rows: z.number().int(),
  head: z.string(),
  broken_rows: z.number().int(),
  problem: z
    .object({
      id: z.number().int().nullable(),
      reason: z.enum(['content', 'link', 'head']),
    })
    .nullable(),
  summary: z.string(),
  checked_at: z.string(),
});
export type AuditChain = z.infer<typeof auditChainSchema>;
