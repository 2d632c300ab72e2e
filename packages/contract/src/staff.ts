import { pageQuerySchema } from './pagination';
import { z } from './zod';

/** Staff on one page of the superuser's Staff tab. */
export const STAFF_PAGE_SIZE = 25;

/** Whose administrator someone is: the platform's, or one organisation's. */
export const staffScopes = ['platform', 'organization'] as const;
export const staffStatuses = ['active', 'deactivated'] as const;

/**
 * The second factor of a staff account. Null until second factors exist: the field is kept in the
 * shape so the Staff tab has a place for it.
 */
export const secondFactorSchema = z
  .object({ is_enabled: z.boolean(), since: z.string().nullable() })
  .nullable();

/**
 * `GET /api/staff/`: everyone with an administrator role, and deactivated accounts (which the
 * superuser can reactivate). Days, never instants.
 */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Null for a deactivated account that is no longer an administrator. */
  scope: z.enum(staffScopes).nullable(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  /** The UTC day the account became an administrator; null when it is not one. */
  admin_since: z.string().nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  second_factor: secondFactorSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffQuerySchema = pageQuerySchema.extend({
  scope: z.enum(staffScopes).optional(),
  status: z.enum(staffStatuses).optional(),
  /** Part of the username or of the organisation's name. */
  q: z.string().trim().max(150).optional(),
});
export type StaffQuery = z.input<typeof staffQuerySchema>;

export const staffPageSchema = z.object({
  count: z.number().int(),
  results: z.array(staffMemberSchema),
});
export type StaffPage = z.infer<typeof staffPageSchema>;

/** An organisation and the accounts in it, for handing its administration over. */
export const organizationStaffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      is_admin: z.boolean(),
      is_active: z.boolean(),
    }),
  ),
});
export type OrganizationStaff = z.infer<typeof organizationStaffSchema>;

/**
 * `GET /api/staff/organizations-without-admin/`: organisations nobody administers (every admin
 * revoked or deactivated). Their open reports wait for the platform's administrators.
 */
export const unadministeredOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  open_reports: z.number().int(),
});
export type UnadministeredOrganization = z.infer<typeof unadministeredOrganizationSchema>;

/**
 * `POST /api/staff/organizations/:id/admins/`: makes a member the organisation's administrator.
 * `replace` also turns its other administrators back into members (a hand-over); without it the
 * member is added beside them.
 */
export const handOverInputSchema = z.strictObject({
  user_id: z.number().int().min(1),
  replace: z.boolean().optional().default(false),
});
export type HandOverInput = z.input<typeof handOverInputSchema>;
