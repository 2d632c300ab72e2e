import { z } from './zod';

/** Every admin and superuser action the audit log records (docs/design.md "Tamper-evident audit"). */
export const auditActions = [
  'report.status_changed',
  'report.internal_note_added',
  'report.admin_reply_sent',
  'report.deleted',
  'report.assigned',
  'report.tags_changed',
  'report.linked',
  'report.unlinked',
  'tag.created',
  'tag.updated',
  'tag.deleted',
  'report.acknowledged',
  'report.feedback_given',
  'report.deadline_reminder_sent',
  'report.deadline_escalated',
  'reports.exported',
  'report.purged',
  'access_request.approved',
  'access_request.rejected',
  'user.role_changed',
  'user.organization_changed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.two_factor_recovery_code_used',
  'user.two_factor_recovery_codes_renewed',
  'user.two_factor_reset',
  'user.password_reset',
  'user.deactivated',
  'user.reactivated',
  'organization.admin_handed_over',
  'account.deleted',
  'organization.created',
  'organization.join_code_generated',
  'organization.member_joined',
  'organization.member_left',
  'organization.member_removed',
  'organization.updated',
  'organization.deadlines_changed',
  'organization.retention_changed',
  'contact.read',
  'operations.backup_made',
  'operations.backup_restored',
  'operations.keys_rotated',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** `reporter` is the owner of a report acting on it; never named when the report is anonymous. */
/** `operator`: whoever ran a command-line operation (backup, restore, rotate-keys) on the host. */
export const auditActorRoles = [
  'superuser',
  'admin',
  'user',
  'reporter',
  'system',
  'operator',
] as const;
export const auditActorRoleSchema = z.enum(auditActorRoles);
export type AuditActorRole = z.infer<typeof auditActorRoleSchema>;
