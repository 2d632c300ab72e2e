import { Bell, BellRing } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { t as translate, useT } from '@/lib/i18n';
import { useLiveUpdates } from '@/lib/live/use-live-updates';
import { useUnreadCount } from '../api/get-unread-count';
import { NotificationPanel } from './notification-panel';

export function unreadLabel(count: number) {
  return translate('notifications.bell.unread', { count });
}

/**
 * As in the original product: the bell of a logged-in user. A disclosure button opens the panel; Escape,
 * a click outside or moving focus away closes it. The badge shows the unread count above zero
 * and the icon rings; new live notifications are announced to screen readers.
 */
export function NotificationBell() {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const count = useUnreadCount().data?.count ?? 0;
  useLiveUpdates((message) => setAnnouncement(translate('notifications.bell.new', { message })));

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    // A click or focus (Tab) landing outside the bell and its panel closes the panel.
    const onOutside = (event: Event) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [isOpen, close]);

  const Icon = count > 0 ? BellRing : Bell;
  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={
          count > 0
            ? t('notifications.bell.labelUnread', { unread: unreadLabel(count) })
            : t('notifications.panel.title')
        }
        onClick={() => setOpen((open) => !open)}
        className="relative flex size-11 items-center justify-center rounded-md text-ink hover:bg-brand-50 hover:text-brand-800"
      >
        <Icon aria-hidden="true" className="size-6" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -end-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold leading-5 text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <NotificationPanel
        id={panelId}
        isOpen={isOpen}
        panelRef={panelRef}
        onNavigate={() => close(false)}
      />
    </div>
  );
}
