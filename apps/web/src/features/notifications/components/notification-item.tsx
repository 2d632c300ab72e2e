import type { Notification } from '@candor/contract/notifications';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { T, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';

type Props = {
  notification: Notification;
  isMarking: boolean;
  onMarkRead(id: number): void;
  onNavigate(): void;
};

/** As in the original product: message, optional report link, timestamp, and 'Mark as Read' if unread. */
export function NotificationItem({ notification, isMarking, onMarkRead, onNavigate }: Props) {
  const t = useT();
  const messageId = useId();
  const { id, message, is_read: isRead, created_at: createdAt, report } = notification;
  const reference = notification.report_reference;
  return (
    <li
      className={`flex flex-col gap-1 border-b border-slate-200 px-4 py-3 last:border-b-0 ${
        isRead ? 'bg-white' : 'bg-brand-50'
      }`}
    >
      <p id={messageId} className={`text-sm text-ink ${isRead ? '' : 'font-semibold'}`}>
        {!isRead && <span className="sr-only">{t('notifications.item.unread')} </span>}
        {message}
      </p>
      {report !== null && (
        <Link
          to={paths.report(report)}
          onClick={() => {
            // Opening the report is reading the notice about it.
            if (!isRead) onMarkRead(id);
            onNavigate();
          }}
          className="inline-flex min-h-11 items-center self-start wrap-anywhere text-sm text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {t('notifications.item.report', { title: notification.report_title ?? `#${report}` })}
        </Link>
      )}
      {report !== null && reference && (
        <p className="text-xs text-muted">
          <T
            id="notifications.item.reference"
            values={{ reference }}
            components={[<span key="0" className="font-mono" />]}
          />
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <time dateTime={createdAt} className="text-xs text-muted">
          {formatDateTime(createdAt, { fallback: '' })}
        </time>
        {!isRead && (
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={messageId}
            disabled={isMarking}
            onClick={() => onMarkRead(id)}
          >
            {t('notifications.item.markRead')}
          </Button>
        )}
      </div>
    </li>
  );
}
