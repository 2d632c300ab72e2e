import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useT } from '@/lib/i18n';

export type ErrorSummaryItem = { fieldId: string; text: string };

type ErrorSummaryProps = {
  items: readonly ErrorSummaryItem[];
  /** Changes with every failed attempt to send: the summary then takes focus. */
  attempt: number;
};

/**
 * The problems of a form that could not be sent, listed above it. It is an alert (announced when
 * it appears) and takes focus after each failed attempt; each problem links to its field.
 */
export function ErrorSummary({ items, attempt }: ErrorSummaryProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const isShown = items.length > 0;
  useEffect(() => {
    if (attempt > 0 && isShown) ref.current?.focus();
  }, [attempt, isShown]);
  if (!isShown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t('ui.errorSummary.title')}
      </h2>
      <ul className="mt-1 text-sm">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a
              href={`#${item.fieldId}`}
              className="inline-flex min-h-11 items-center font-medium underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(item.fieldId)?.focus();
              }}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
