import type { Ref } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/loading-state';
import { useT } from '@/lib/i18n';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

type Props = {
  id: string;
  isOpen: boolean;
  panelRef: Ref<HTMLDivElement>;
  onNavigate(): void;
};

/** The notification bell's dropdown panel and its states (as in the original product). */
export function NotificationPanel({ id, isOpen, panelRef, onNavigate }: Props) {
  const t = useT();
  const list = useNotifications({ enabled: isOpen });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data ?? [];
  const unread = items.filter((item) => !item.is_read);

  const markOne = (notificationId: number) => {
    markAll.reset();
    markRead.mutate(notificationId);
  };
  const markEvery = () => {
    markRead.reset();
    markAll.mutate();
  };

  return (
    <section
      id={id}
      ref={panelRef}
      hidden={!isOpen}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="fixed inset-x-4 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96"
    >
      <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
          {t('notifications.panel.title')}
        </h2>
        {unread.length > 0 && (
          <Button variant="secondary" size="sm" disabled={markAll.isPending} onClick={markEvery}>
            {t('notifications.panel.markAll')}
          </Button>
        )}
      </div>
      {markRead.isError && (
        <Alert tone="error" className="m-3">
          {t('notifications.panel.markFailed')}
        </Alert>
      )}
      {markAll.isError && (
        <Alert tone="error" className="m-3">
          {t('notifications.panel.markAllFailed')}
        </Alert>
      )}
      {isOpen && (
        <div className="px-0">
          {list.isPending ? (
            <div className="px-4">
              <LoadingState label={t('notifications.panel.loading')} />
            </div>
          ) : list.isError ? (
            <Alert tone="error" className="m-3">
              {t('notifications.panel.loadFailed')}
            </Alert>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-muted">{t('notifications.panel.empty')}</p>
          ) : (
            <ul>
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  notification={item}
                  isMarking={markRead.isPending && markRead.variables === item.id}
                  onMarkRead={markOne}
                  onNavigate={onNavigate}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
