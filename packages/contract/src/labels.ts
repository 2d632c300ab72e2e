// Plain values, apart from the schemas: a page that needs only these does not load zod.

/** The shortest password registration accepts (accounts.ts). */
export const PASSWORD_MIN = 8;

/** As in the original product: categories, default abuse. */
export const reportCategories = ['abuse', 'corruption', 'harassment', 'other'] as const;

/** As in the original product. `escalated` is only ever displayed (it has a badge colour). */
export const reportStatuses = [
  'pending',
  'under_review',
  'resolved',
  'rejected',
  'cancelled',
  'escalated',
] as const;

export const roles = ['user', 'admin'] as const;

export const plans = ['free', 'premium'] as const;

export const accessRequestTypes = ['individual', 'organization'] as const;

export const organizationTypes = ['education', 'corporate', 'government', 'nonprofit'] as const;

/** The admin list's orders (admin.ts); `deadline`: the next legal deadline first. */
export const adminReportOrders = ['newest', 'oldest', 'deadline'] as const;

/** The list's views by assignment: everyone's (the default), the caller's, nobody's. */
export const adminAssignedViews = ['all', 'me', 'none'] as const;

/** The longest search the admin list takes (admin.ts). */
export const ADMIN_SEARCH_MAX = 200;
/** The longest reason the superuser gives an applicant for a rejection. */
export const REJECTION_REASON_MAX = 1000;

/** Where a report goes (enums.ts, reportDestinationSchema). */
export const reportDestinations = ['organization', 'platform'] as const;

/** As in the original product (/become-admin): value and label of each organisation type. */
export const organizationTypeLabels = {
  education: 'Educational Institution',
  corporate: 'Corporate Organization',
  government: 'Government Agency',
  nonprofit: 'Non-profit Organization',
} as const;

/** A field left empty (the spec's words for every required field). */
export const REQUIRED_MESSAGE = 'This field is required.';

export const REPORT_TITLE_MAX = 200;
export const REPORT_DESCRIPTION_MAX = 20_000;
export const MESSAGE_MAX = 5_000;

/** As in the original product: stated on the form as 'Max 10MB'; the server's limit comes from its config. */
export const DEFAULT_MAX_UPLOAD_MB = 10;

/** What evidence may be (docs/protection.md "Evidence files"); decided on the server by the file's bytes. */
export const evidenceMimeTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;

export const EVIDENCE_TYPE_MESSAGE =
  'Only image (JPEG, PNG, WebP, GIF, HEIC) or video (MP4, MOV, WebM) files are accepted.';

export function evidenceTooLargeMessage(maxMb: number) {
  return `The file is too large. The maximum size is ${maxMb} MB.`;
}

/**
 * How many days closed reports are kept when `RETENTION_DAYS` is not set: the server's default,
 * and the figure the Privacy Policy states.
 */
export const DEFAULT_RETENTION_DAYS = 365;

/**
 * The colours a tag may have: each a chip background and the text drawn on it, every pair at
 * least 4.5:1 (WCAG AA for text; tags.test.ts measures them).
 */
export const tagPalette = {
  grey: { background: '#e5e7eb', text: '#1f2937' },
  red: { background: '#fee2e2', text: '#991b1b' },
  orange: { background: '#ffedd5', text: '#9a3412' },
  yellow: { background: '#fef3c7', text: '#92400e' },
  green: { background: '#dcfce7', text: '#166534' },
  teal: { background: '#ccfbf1', text: '#115e59' },
  blue: { background: '#dbeafe', text: '#1e40af' },
  purple: { background: '#f3e8ff', text: '#6b21a8' },
  pink: { background: '#fce7f3', text: '#9d174d' },
} as const;
export const tagColours = Object.keys(tagPalette) as (keyof typeof tagPalette)[];
export type TagColour = keyof typeof tagPalette;

export const TAG_NAME_MAX = 40;
/** Tags one report may carry; tags one scope may define. */
export const TAGS_PER_REPORT_MAX = 20;
export const TAGS_PER_SCOPE_MAX = 100;
/** Reports one bulk action may name: a page of the admin list at most. */
export const BULK_MAX = 100;

/**
 * How a handler is named to a reporter where no name or label is shown: a reader without a label
 * of their own, an administrator's message on the reporter's side. A fixed token the web app
 * draws in the page's language.
 */
export const ADMINISTRATOR_NAME = 'Administrator';
