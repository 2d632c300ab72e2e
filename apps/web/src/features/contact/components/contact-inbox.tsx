import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useContactMessages } from '../api/get-contact-messages';
import { useMarkContactMessageRead } from '../api/mark-contact-message-read';

/** The superuser's inbox of contact form messages, newest first. */
export function ContactInbox() {
  const t = useT();
  const messages = useContactMessages();
  const markRead = useMarkContactMessageRead();
  const [failure, setFailure] = useState<string | null>(null);

  const onMarkRead = (id: number) => {
    setFailure(null);
    markRead.mutate(id, {
      onError: () => setFailure(t('contact.inbox.markReadFailed')),
    });
  };

  return (
    <section aria-labelledby="contact-inbox-heading">
      <h2 id="contact-inbox-heading" className="mb-4 text-xl font-semibold text-brand-900">
        {t('contact.inbox.heading')}
      </h2>
      {failure && (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      )}
      {messages.isPending && <LoadingState label={t('contact.inbox.loading')} />}
      {messages.isError && <Alert tone="error">{t('contact.inbox.loadFailed')}</Alert>}
      {messages.data?.length === 0 && <EmptyState>{t('contact.inbox.empty')}</EmptyState>}
      {messages.data && messages.data.length > 0 && (
        <ul className="space-y-4">
          {messages.data.map((message) => (
            <li
              key={message.id}
              className={`rounded-2xl border bg-white p-5 shadow-sm ${
                message.is_read ? 'border-slate-200' : 'border-brand-600'
              }`}
            >
              <article aria-labelledby={`contact-message-${message.id}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3
                    id={`contact-message-${message.id}`}
                    className="text-lg font-semibold text-brand-900"
                  >
                    {message.subject}
                    {!message.is_read && (
                      <span className="ms-2 rounded-full bg-brand-700 px-2 py-0.5 align-middle text-xs font-semibold text-white">
                        {t('contact.inbox.unread')}
                      </span>
                    )}
                  </h3>
                  <time dateTime={message.created_at} className="text-sm text-muted">
                    {formatDateTime(message.created_at, { fallback: t('contact.inbox.noDate') })}
                  </time>
                </div>
                <p className="mt-1 text-sm text-muted">
                  {t('contact.inbox.from', { name: message.name })}
                  {message.email && (
                    <>
                      {' '}
                      (
                      <a
                        href={`mailto:${message.email}`}
                        dir="ltr"
                        className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-4"
                      >
                        {message.email}
                      </a>
                      )
                    </>
                  )}
                </p>
                <p className="mt-3 whitespace-pre-line text-ink">{message.message}</p>
                {!message.is_read && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mt-4"
                    disabled={markRead.isPending && markRead.variables === message.id}
                    onClick={() => onMarkRead(message.id)}
                    aria-label={t('contact.inbox.markReadOf', { subject: message.subject })}
                  >
                    {t('contact.inbox.markRead')}
                  </Button>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
