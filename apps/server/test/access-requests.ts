import { and, asc, eq } from 'drizzle-orm';
import { auditLog, notifications } from '../src/db/schema';
import type { NotificationContent } from '../src/modules/notifications/notifications.repository';
import { NOTIFICATION_PURPOSE } from '../src/modules/notifications/notifications.service';
import type { TestApp } from './app';
import { uniqueName } from './factories';
import { addressedTo } from './notices';

/** A valid application body; `overrides` change or add fields. */
export function application(overrides: Record<string, unknown> = {}): Record<string, string> {
  return {
    request_type: 'individual',
    email: `${uniqueName('applicant')}@example.test`,
    phone: '+1 (555) 010-0123',
    justification: 'I run the safeguarding office of my school.',
    ...overrides,
  } as Record<string, string>;
}

export function organizationApplication(
  overrides: Record<string, unknown> = {},
): Record<string, string> {
  return application({
    request_type: 'organization',
    organization_type: 'education',
    organization_name: uniqueName('School'),
    ...overrides,
  });
}

export async function apply(
  t: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/admin-access-request/',
    payload: body,
    headers,
  });
}

/** Applies and answers the created request (fails the test if the server refuses). */
export async function applyOk(
  t: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ id: number; claim_code: string | null }> {
  const response = await apply(t, body, headers);
  if (response.statusCode !== 201) throw new Error(`apply failed: ${response.body}`);
  return response.json();
}

export async function decide(
  t: TestApp,
  headers: Record<string, string>,
  id: number,
  action: string,
  reason = action === 'reject' ? 'Not enough to go on.' : undefined,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/accounts/admin-access-review/${id}/`,
    payload: { action, reason },
    headers,
  });
}

/** The opened notifications of a user, oldest first. */
export async function notificationsOf(t: TestApp, userId: number) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(await addressedTo(t, userId))
    .orderBy(asc(notifications.id));
  const sealer = t.app.ctx.sealer;
  return rows.map((row) => sealer.openJson<NotificationContent>(row.payload, NOTIFICATION_PURPOSE));
}

export async function auditRowsFor(t: TestApp, objectType: string, objectId: number | string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))))
    .orderBy(asc(auditLog.id));
}
