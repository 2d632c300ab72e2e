import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { useT } from '@/lib/i18n';
import { leaveQuickly } from '@/lib/router';

/** A page anyone may be seen reading, as domestic-abuse services use. */
export const NEUTRAL_SITE = 'https://www.bbc.com/weather';
/** Two presses of Escape within this long leave the page. */
const TWICE_WITHIN_MS = 1500;

/**
 * "Leave quickly" on the reporter's pages: the button, or Escape pressed twice, replaces this page
 * with a neutral one, so Back does not return to it (docs/protection.md, "The reporter's path").
 */
export function LeaveQuickly() {
  const t = useT();
  useEffect(() => {
    let lastEscape = Number.NEGATIVE_INFINITY;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const now = performance.now();
      if (now - lastEscape <= TWICE_WITHIN_MS) leaveQuickly(NEUTRAL_SITE);
      lastEscape = now;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // A link, so it leaves even before the app has loaded; with the app, it replaces this entry.
  return (
    <a
      href={NEUTRAL_SITE}
      rel="noreferrer"
      className={buttonClasses(
        'danger',
        'sm',
        'whitespace-nowrap max-sm:max-w-40 max-sm:whitespace-normal max-sm:text-center max-sm:leading-tight',
      )}
      title={t('app.leave.hint')}
      onClick={(event) => {
        event.preventDefault();
        leaveQuickly(NEUTRAL_SITE);
      }}
    >
      <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('app.leave.label')}
    </a>
  );
}
