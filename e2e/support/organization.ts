import { type APIRequestContext, expect } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, type E2eUser, registerUser } from './api';

export type E2eOrganization = {
  name: string;
  slug: string;
  admin: E2eUser;
  adminHeaders: { authorization: string };
};

export type AdminAccessApplication = {
  request_type: 'individual' | 'organization';
  email: string;
  phone: string;
  justification: string;
  organization_type?: string;
  organization_name?: string;
};

/** Applies for administrator access with the applicant's headers; the superuser approves it. */
export async function applyForAdminAccess(
  request: APIRequestContext,
  applicantHeaders: { authorization: string },
  application: AdminAccessApplication,
) {
  const applied = await request.post('/api/accounts/admin-access-request/', {
    headers: applicantHeaders,
    data: application,
  });
  expect(applied.status()).toBe(201);
  const superTokens = await apiLogin(request, superuser);
  const approved = await request.post(
    `/api/accounts/admin-access-review/${(await applied.json()).id}/`,
    { headers: { authorization: `Bearer ${superTokens.access}` }, data: { action: 'approve' } },
  );
  expect(approved.ok()).toBe(true);
}

/** An organisation with its administrator, applied for and approved through the API. */
export async function createOrganization(
  request: APIRequestContext,
  prefix = 'Riverside Depot',
): Promise<E2eOrganization> {
  const admin = await registerUser(request, 'orgadmin');
  const applicantTokens = await apiLogin(request, admin);
  const name = `${prefix} ${Date.now().toString(36)}`;
  await applyForAdminAccess(
    request,
    { authorization: `Bearer ${applicantTokens.access}` },
    {
      request_type: 'organization',
      email: `${admin.username}@example.test`,
      phone: '+1 555 0100',
      justification: 'We run the depot and want staff to be able to speak up.',
      organization_type: 'corporate',
      organization_name: name,
    },
  );
  const adminTokens = await apiLogin(request, admin);
  const adminHeaders = { authorization: `Bearer ${adminTokens.access}` };
  const mine = await request.get('/api/organizations/mine/', { headers: adminHeaders });
  const { slug } = await mine.json();
  return { name, slug, admin, adminHeaders };
}

/**
 * A second administrator of the organisation: a member who joined with its code, made an
 * administrator by the superuser.
 */
export async function addAdministrator(
  request: APIRequestContext,
  organization: E2eOrganization,
): Promise<E2eUser> {
  const code = await request.post('/api/organizations/join-code/', {
    headers: organization.adminHeaders,
  });
  expect(code.ok()).toBe(true);
  const colleague = await registerUser(request, 'coadmin');
  const tokens = await apiLogin(request, colleague);
  const joined = await request.post('/api/organizations/join/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    data: { code: (await code.json()).code },
  });
  expect(joined.ok()).toBe(true);
  const { id } = await joined.json();
  const superTokens = await apiLogin(request, superuser);
  const superHeaders = { authorization: `Bearer ${superTokens.access}` };
  const staff = await request.get(`/api/staff/organizations/${id}/`, { headers: superHeaders });
  const member = ((await staff.json()).members as { id: number; username: string }[]).find(
    (candidate) => candidate.username === colleague.username,
  );
  const made = await request.post(`/api/staff/organizations/${id}/admins/`, {
    headers: superHeaders,
    data: { user_id: member?.id },
  });
  expect(made.ok()).toBe(true);
  return colleague;
}
