import { LogOut } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';
import { useT } from '@/lib/i18n';
import { LEAVE_LINK_ATTRIBUTE, NEUTRAL_SITE } from '@/lib/leave-quickly';

/**
 * "Leave quickly" on the reporter's pages. The document's one listener (lib/leave-quickly.ts)
 * makes this link, or Escape pressed twice while it is shown, replace the page with a neutral
 * one, from the first paint of a page drawn at build time.
 */
export function LeaveQuickly() {
  const t = useT();
  return (
    <a
      href={NEUTRAL_SITE}
      rel="noreferrer"
      {...{ [LEAVE_LINK_ATTRIBUTE]: '' }}
      className={buttonClasses(
        'danger',
        'sm',
        'whitespace-nowrap max-sm:max-w-40 max-sm:whitespace-normal max-sm:text-center max-sm:leading-tight',
      )}
      title={t('app.leave.hint')}
    >
      <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('app.leave.label')}
    </a>
  );
}
