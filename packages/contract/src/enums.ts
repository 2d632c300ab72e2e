import {
  accessRequestTypes,
  organizationTypes,
  plans,
  reportCategories,
  reportDestinations,
  reportStatuses,
  roles,
} from './labels';
import { languages } from './languages';
import { z } from './zod';

export {
  accessRequestTypes,
  organizationTypes,
  plans,
  reportCategories,
  reportDestinations,
  reportStatuses,
  roles,
};

/** As in the original product: categories, default abuse. */
export const reportCategorySchema = z.enum(reportCategories);
export type ReportCategory = z.infer<typeof reportCategorySchema>;

/** As in the original product. `escalated` is only ever displayed (it has a badge colour). */
export const reportStatusSchema = z.enum(reportStatuses);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const planSchema = z.enum(plans);
export type Plan = z.infer<typeof planSchema>;

export const accessRequestTypeSchema = z.enum(accessRequestTypes);
export type AccessRequestType = z.infer<typeof accessRequestTypeSchema>;

export { organizationTypeLabels } from './labels';
export const organizationTypeSchema = z.enum(organizationTypes);

/** One of the languages Candor speaks (languages.ts). */
export const languageSchema = z.enum(languages);
export type OrganizationType = z.infer<typeof organizationTypeSchema>;

/**
 * Where a report goes: to the administrators of the reporter's organisation, or to the platform's
 * own administrators (those who belong to no organisation). A member chooses; everyone else's
 * reports go to the platform.
 */
export const reportDestinationSchema = z.enum(reportDestinations);
export type ReportDestination = z.infer<typeof reportDestinationSchema>;
