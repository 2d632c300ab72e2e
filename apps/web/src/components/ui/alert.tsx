import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

type AlertTone = 'success' | 'error' | 'info';

const tones: Record<AlertTone, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-brand-600 bg-brand-50 text-brand-900',
};

const icons = { success: CircleCheck, error: CircleAlert, info: Info };

/**
 * Success and info messages are polite status updates; errors are alerts. With `focusKey`, the
 * message takes focus whenever that value changes (a new failure), so the reader is taken to it.
 */
export function Alert({
  tone,
  children,
  className = '',
  focusKey,
}: {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
  focusKey?: unknown;
}) {
  const Icon = icons[tone];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey !== undefined && focusKey !== null) ref.current?.focus();
  }, [focusKey]);
  return (
    <div
      ref={ref}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={focusKey === undefined ? undefined : -1}
      className={`flex items-start gap-2 rounded-lg border-s-4 px-4 py-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${tones[tone]} ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
