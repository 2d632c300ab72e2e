import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  application,
  apply,
  applyOk,
  organizationApplication,
} from '../../../test/access-requests';
import { getTestApp, type TestApp } from '../../../test/app';
import { accessRequests } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('POST /api/accounts/admin-access-request/ validation', () => {
  it('lists every missing required field', async () => {
    const response = await apply(t, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      request_type: ['Choose individual or organization.'],
      email: ['This field is required.'],
      phone: ['This field is required.'],
      justification: ['This field is required.'],
    });
  });

  it.each([
    ['request_type', 'company', 'Choose individual or organization.'],
    ['email', 'not-an-email', 'Enter a valid email address.'],
    ['email', '', 'This field is required.'],
    ['phone', 'call me maybe', 'Enter a valid phone number.'],
    ['phone', '12345', 'Enter a valid phone number.'],
    ['phone', '+1 234 567 890 123 456 789', 'Enter a valid phone number.'],
    ['justification', '   ', 'This field is required.'],
  ])('refuses %s = %j', async (field, value, message) => {
    const response = await apply(t, application({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
  });

  it('requires the organisation type and name for an organisation', async () => {
    const response = await apply(t, application({ request_type: 'organization' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      organization_type: ['This field is required.'],
      organization_name: ['This field is required.'],
    });
  });

  it('refuses an unknown organisation type', async () => {
    const response = await apply(t, organizationApplication({ organization_type: 'church' }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['organization_type']);
  });

  it('refuses unknown fields', async () => {
    const response = await apply(t, application({ role: 'admin' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ role: ['This field is not allowed.'] });
  });

  it('ignores empty organisation fields of an individual request', async () => {
    const created = await applyOk(
      t,
      application({ organization_type: '', organization_name: 'Ignored Ltd' }),
    );
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, created.id));
    expect(row?.organizationType).toBeNull();
    expect(row?.organizationName).toBeNull();
  });

  it('refuses a bad token instead of treating the caller as a visitor', async () => {
    const response = await apply(t, application(), { authorization: 'Bearer not-a-token' });
    expect(response.statusCode).toBe(401);
  });
});
