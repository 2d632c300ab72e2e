import type { ContactMessage } from '@candor/contract/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { contactMessagesQueryKey } from './get-contact-messages';

export function markContactMessageRead(id: number): Promise<ContactMessage> {
  return apiFetch<ContactMessage>(`/api/contact/${id}/mark_read/`, { method: 'POST' });
}

export function useMarkContactMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactMessageRead,
    onSuccess: (updated) => {
      queryClient.setQueryData<ContactMessage[]>(contactMessagesQueryKey, (list) =>
        list?.map((message) => (message.id === updated.id ? updated : message)),
      );
    },
  });
}
