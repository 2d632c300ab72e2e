import type { ContactCreated, ContactInput } from '@candor/contract/contact';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function sendContactMessage(
  input: ContactInput,
  signal?: AbortSignal,
): Promise<ContactCreated> {
  return apiFetch<ContactCreated>('/api/contact/', { method: 'POST', body: input, signal });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: ({ signal, ...input }: ContactInput & { signal?: AbortSignal }) =>
      sendContactMessage(input, signal),
  });
}
