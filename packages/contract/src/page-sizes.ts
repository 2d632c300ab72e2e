// Plain numbers, apart from the schemas: a page that needs only these does not load zod.

/** Reports on one page of the admin dashboard. */
export const DEFAULT_ADMIN_PAGE_SIZE = 25;

/** Entries on one page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;
