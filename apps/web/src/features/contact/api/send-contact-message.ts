import type { ContactCreated, ContactInput } from '@candor/contract/contact';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function sendContactMessage(input: ContactInput): Promise<ContactCreated> {
  return apiFetch<ContactCreated>('/api/contact/', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
