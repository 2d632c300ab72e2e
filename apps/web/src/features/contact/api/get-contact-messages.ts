import type { ContactMessage } from '@candor/contract/contact';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const contactMessagesQueryKey = ['contact', 'messages'] as const;

export function getContactMessages(): Promise<ContactMessage[]> {
  return apiFetch<ContactMessage[]>('/api/contact/');
}

export function useContactMessages() {
  return useQuery({ queryKey: contactMessagesQueryKey, queryFn: getContactMessages });
}
