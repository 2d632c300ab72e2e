import { z } from 'zod';

/** Every admin and superuser action the audit log records (DESIGN.md 10). */
export const auditActions = [
  'report.status_changed',
  'report.internal_note_added',
  'report.admin_reply_sent',
  'report.deleted',
  'report.acknowledged',
  'report.feedback_given',
  'report.deadline_reminder_sent',
  'report.deadline_escalated',
  'reports.exported',
  'access_request.approved',
  'access_request.rejected',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'organization.admin_handed_over',
  'account.deleted',
  'organization.created',
  'organization.join_code_generated',
  'organization.updated',
  'organization.deadlines_changed',
  'contact.read',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** `reporter` is the owner of a report acting on it; never named when the report is anonymous. */
export const auditActorRoles = ['superuser', 'admin', 'user', 'reporter', 'system'] as const;
export const auditActorRoleSchema = z.enum(auditActorRoles);
export type AuditActorRole = z.infer<typeof auditActorRoleSchema>;
