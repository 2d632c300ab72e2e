import type { AccessRequestCreated, AccessRequestInput } from '@candor/contract/access-requests';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** As in the original product: the access token goes along when present (apiFetch sends it if stored). */
export function createAccessRequest(input: AccessRequestInput): Promise<AccessRequestCreated> {
  return apiFetch<AccessRequestCreated>('/api/accounts/admin-access-request/', {
    method: 'POST',
    body: input,
  });
}

export function useCreateAccessRequest() {
  return useMutation({ mutationFn: createAccessRequest });
}
