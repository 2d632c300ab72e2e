import type { RegisteredUser, RegisterInput } from '@candor/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetchResponse } from '@/lib/api-client';

/** As in the original product: success is 200 or 201; any other success status is unexpected. */
export class UnexpectedResponseError extends Error {}

export async function register(input: RegisterInput): Promise<RegisteredUser> {
  const response = await apiFetchResponse('/api/accounts/register/', {
    method: 'POST',
    body: input,
    auth: false,
  });
  if (response.status !== 200 && response.status !== 201) throw new UnexpectedResponseError();
  return response.json();
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
